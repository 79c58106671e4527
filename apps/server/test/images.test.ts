import zlib from 'node:zlib';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, test } from 'vitest';
import { UPLOADS_PER_HOUR, uploadCounterKey } from '../src/features/files/upload-limit.ts';
import { AppError } from '../src/http/app-error.ts';
import { counters } from '../src/infra/db/schema.ts';
import { IMAGE_CONCURRENCY, IMAGE_MAX_PIXELS, createSemaphore, imageSlots, processPhoto } from '../src/infra/images.ts';
import { type TestApp, expectFailure, findUser, useApi } from './helpers.ts';

const env = useApi();

// CRC-32 of PNG chunks.
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const byte of buf) c = (CRC_TABLE[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([head, body, crc]);
}

/**
 * A valid PNG bomb: `edge` x `edge` black pixels at 1 bit per pixel, deflated to a few kilobytes,
 * which a decoder expands to edge² pixels (6300² is about 40 megapixels, 120 MB as RGB).
 */
function pngBomb(edge = 6300): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(edge, 0);
  ihdr.writeUInt32BE(edge, 4);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // greyscale
  const raw = Buffer.alloc(edge * (1 + Math.ceil(edge / 8))); // filter byte 0 + zero bits per row
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const smallPhoto = (colour: string) =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();

const validBasics = () => ({
  firstName: 'Asha',
  lastName: 'Rao',
  description: 'I design and build accessible web apps.',
  countryCode: 'IN',
  dialingCode: '+91',
  mobileNo: `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`,
  occupation: 'Web Developer',
  minHourlyRate: 0,
  maxHourlyRate: '30',
  experienceLevel: 'mid-exp',
  skills: [{ skillName: 'React', experienceLevel: 3 }],
  languages: [{ languageCode: 'EN', proficiency: 'Fluent' }],
});

async function postBasics(app: TestApp, token: string, photo: Buffer) {
  const form = new FormData();
  form.set('profileData', JSON.stringify(validBasics()));
  form.set('profilePhoto', new Blob([new Uint8Array(photo)], { type: 'image/png' }), 'me.png');
  const res = await fetch(`${app.baseUrl}/api/freelancer/onboarding-profile`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined, headers: res.headers, cookies: new Map() };
}

describe('image bombs', () => {
  test('a small PNG declaring 6300x6300 pixels is refused from its header, without being decoded', async () => {
    const bomb = pngBomb();
    expect(bomb.length).toBeLessThan(200_000);
    expect(6300 * 6300).toBeGreaterThan(IMAGE_MAX_PIXELS);
    imageSlots.resetPeak();
    const error = await processPhoto(bomb).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('TL_CORE_10105_E');
    // It never took a decoding slot: refused before any pixel was decoded.
    expect(imageSlots.peak).toBe(0);
  });

  test('an upload of the bomb answers 413 with the envelope and saves nothing', async () => {
    const app = await env.start();
    const user = await app.createUser();
    expectFailure(await postBasics(app, user.accessToken, pngBomb()), 413, 'TL_CORE_10105_E');
    const row = await findUser(app.db, user.email);
    expect(row?.profilePhotoUrl ?? null).toBeNull();
  });

  test('an image just under the cap is still accepted', async () => {
    const ok = await processPhoto(pngBomb(4000));
    expect(ok?.mime).toBe('image/webp');
  });
});

describe('bounded image processing', () => {
  test('the semaphore lets at most its limit run and hands each freed slot to the next in line', async () => {
    const slots = createSemaphore(2);
    const gates: Array<() => void> = [];
    const started: number[] = [];
    const runs = Array.from({ length: 6 }, (_, i) =>
      slots.run(
        () =>
          new Promise<number>((resolve) => {
            started.push(i);
            gates[i] = () => resolve(i);
          }),
      ),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect(slots.active).toBe(2);
    expect(slots.waiting).toBe(4);
    gates[0]?.();
    await runs[0];
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([0, 1, 2]);
    for (let i = 1; i < 6; i++) {
      for (let waited = 0; !gates[i] && waited < 100; waited++) await new Promise((resolve) => setImmediate(resolve));
      gates[i]?.();
      await runs[i];
    }
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(slots.peak).toBe(2);
    expect(slots.active).toBe(0);
  });

  test('sixteen photos processed at once are decoded at most IMAGE_CONCURRENCY at a time', async () => {
    const photos = await Promise.all(Array.from({ length: 16 }, (_, i) => smallPhoto(`#${(i * 15).toString(16).padStart(2, '0')}4080`)));
    imageSlots.resetPeak();
    const results = await Promise.all(photos.map((p) => processPhoto(p)));
    expect(results.every((r) => r?.mime === 'image/webp')).toBe(true);
    expect(imageSlots.peak).toBeGreaterThanOrEqual(1);
    expect(imageSlots.peak).toBeLessThanOrEqual(IMAGE_CONCURRENCY);
    expect(imageSlots.active).toBe(0);
  });
});

describe('upload rate limit', () => {
  test('an account that has sent its uploads for the hour gets 429; another account does not', async () => {
    const app = await env.start();
    const busy = await app.createUser();
    const other = await app.createUser();
    const busyRow = await findUser(app.db, busy.email);
    if (!busyRow) throw new Error('no user');
    await app.db.insert(counters).values({ key: uploadCounterKey(busyRow.id), count: UPLOADS_PER_HOUR, windowStart: app.clock.now() });
    const photo = await smallPhoto('#336699');
    expectFailure(await postBasics(app, busy.accessToken, photo), 429, 'TL_CORE_10106_E');
    expect((await postBasics(app, other.accessToken, photo)).status).not.toBe(429);
    const [row] = await app.db
      .select()
      .from(counters)
      .where(eq(counters.key, uploadCounterKey(busyRow.id)));
    expect(row?.count).toBe(UPLOADS_PER_HOUR + 1);
    // The window passes: uploads work again.
    app.clock.advance(61 * 60_000);
    const later = await app.signIn(busy.email, busy.password);
    const after = await postBasics(app, later.accessToken, photo);
    expect(after.status, JSON.stringify(after.body)).not.toBe(429);
    expect(after.status).not.toBe(401);
  });
});
