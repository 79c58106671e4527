import { PORTFOLIO_FILE_MAX_BYTES } from '@talentloop/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { files } from '../../src/infra/db/schema.ts';
import { type TestApp, expectFailure, findUser, useApi } from '../helpers.ts';
import { bearer, freelancerWithBasics } from '../onboarding/support.ts';
import {
  compoundFile,
  docx,
  docxBomb,
  executable,
  item,
  lyingDocx,
  makeZip,
  pdf,
  png,
  pngDeclaring,
  putPortfolio,
} from './portfolio-support.ts';

const env = useApi();
const PATH = '/api/freelancer-settings/portfolio-details';

async function setUp() {
  const app = await env.start();
  const user = await freelancerWithBasics(app);
  const id = (await findUser(app.db, user.email))?.id ?? '';
  return { app, user, id, token: user.accessToken };
}

async function load(app: TestApp, token: string) {
  const res = await app.get(PATH, bearer(token));
  expect(res.status).toBe(200);
  return res.body;
}

async function userFiles(app: TestApp, userId: string) {
  return app.db.select({ id: files.id, kind: files.kind, mime: files.mime }).from(files).where(eq(files.ownerId, userId));
}

describe('portfolio section', () => {
  it('an empty portfolio loads with version 0 and the completion percentage', async () => {
    const { app, token } = await setUp();
    const body = await load(app, token);
    expect(body).toMatchObject({ status: 'success', portfolioDto: [], version: 0 });
    expect(body.competitionPercentage).toEqual(expect.any(Number));
  });

  it('saves a URL item and an image item, re-encodes the image and answers the list, version and a higher completion', async () => {
    const { app, token } = await setUp();
    const before = await load(app, token);
    const res = await putPortfolio(app, token, {
      profileData: {
        version: before.version,
        portfolioDetails: [item({ portfolioUrl: 'https://example.com/case' }), item({ portfolioTitle: 'Dashboard', fileIndex: 1 })],
      },
      files: [{ data: await png(), name: 'shot.png', type: 'image/png' }],
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'success', responseMessage: 'Portfolio Saved', version: 1 });
    expect(res.body.competitionPercentage).toBeGreaterThan(before.competitionPercentage);
    const [link, image] = res.body.portfolioDetails;
    expect(link).toMatchObject({ contentType: 'LINK', portfolioUrl: 'https://example.com/case', fileUrl: null });
    expect(image).toMatchObject({ contentType: 'IMAGE', portfolioUrl: null, fileMime: 'image/webp', portfolioTitle: 'Dashboard' });
    expect(image.fileUrl).toMatch(/^\/api\/files\/[0-9a-f-]{36}$/);

    const [stored] = await app.db
      .select()
      .from(files)
      .where(eq(files.id, image.fileUrl.slice('/api/files/'.length)));
    const meta = await sharp(stored?.data).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    expect(stored?.kind).toBe('portfolio-image');

    const reloaded = await load(app, token);
    expect(reloaded.portfolioDto).toEqual(res.body.portfolioDetails);
    expect(reloaded.version).toBe(1);
  });

  it('accepts PDF, DOCX and DOC documents decided from their bytes', async () => {
    const { app, token } = await setUp();
    for (const [data, mime] of [
      [pdf(), 'application/pdf'],
      [docx(), 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
      [compoundFile(true), 'application/msword'],
    ] as const) {
      const { version } = await load(app, token);
      const res = await putPortfolio(app, token, {
        profileData: { version, portfolioDetails: [item({ fileIndex: 1 })] },
        files: [{ data, name: 'work.bin', type: 'application/octet-stream' }],
      });
      expect({ mime, status: res.status }).toEqual({ mime, status: 200 });
      expect(res.body.portfolioDetails[0]).toMatchObject({ contentType: 'DOCUMENT', fileMime: mime });
    }
  });

  it.each([
    ['a renamed executable', executable(), 'cv.pdf', 'application/pdf'],
    ['a text file posing as a PDF', Buffer.from('just some text, not a pdf'), 'fake.pdf', 'application/pdf'],
    ['a zip bomb posing as .docx', docxBomb(80), 'cv.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['a highly compressed .docx under the size cap', docxBomb(20), 'cv.docx', 'application/msword'],
    ['a plain zip without word/document.xml', makeZip([{ name: 'readme.txt', data: Buffer.from('hi') }]), 'cv.docx', 'application/zip'],
    ['a compound file that is not a Word document (e.g. an installer)', compoundFile(false), 'cv.doc', 'application/msword'],
  ])('refuses %s with TL_CORE_10093_E and changes nothing', async (_label, data, name, type) => {
    const { app, token, id } = await setUp();
    const saved = await putPortfolio(app, token, {
      profileData: { version: 0, portfolioDetails: [item({ portfolioUrl: 'https://example.com/a' })] },
    });
    expect(saved.status).toBe(200);
    const res = await putPortfolio(app, token, {
      profileData: { version: 1, portfolioDetails: [item({ fileIndex: 1 })] },
      files: [{ data, name, type }],
    });
    expectFailure(res, 415, 'TL_CORE_10093_E');
    const after = await load(app, token);
    expect(after.portfolioDto).toEqual(saved.body.portfolioDetails);
    expect(after.version).toBe(1);
    expect((await userFiles(app, id)).filter((f) => f.kind.startsWith('portfolio'))).toEqual([]);
  });

  it('refuses a .docx whose directory claims 4 KB but whose data inflates to 200 MB, quickly, with TL_CORE_10093_E', async () => {
    const { app, token, id } = await setUp();
    const data = await lyingDocx();
    expect(data.length).toBeLessThan(PORTFOLIO_FILE_MAX_BYTES);
    const started = Date.now();
    const res = await putPortfolio(app, token, {
      profileData: { version: 0, portfolioDetails: [item({ fileIndex: 1 })] },
      files: [{ data, name: 'cv.docx', type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' }],
    });
    expectFailure(res, 415, 'TL_CORE_10093_E');
    // Inflation stops at the declared 4 KB: nowhere near the time 200 MB would take.
    expect(Date.now() - started).toBeLessThan(5_000);
    expect((await load(app, token)).version).toBe(0);
    expect((await userFiles(app, id)).filter((f) => f.kind.startsWith('portfolio'))).toEqual([]);
  });

  it('refuses an image declaring a huge canvas (an image bomb) from its header, with TL_CORE_10105_E', async () => {
    const { app, token } = await setUp();
    const res = await putPortfolio(app, token, {
      profileData: { version: 0, portfolioDetails: [item({ fileIndex: 1 })] },
      files: [{ data: pngDeclaring(20_000, 20_000), name: 'bomb.png', type: 'image/png' }],
    });
    expectFailure(res, 413, 'TL_CORE_10105_E');
    expect((await load(app, token)).portfolioDto).toEqual([]);
  });

  it('refuses a file over the limit while it streams in, with TL_CORE_10094_E', async () => {
    const { app, token } = await setUp();
    const res = await putPortfolio(app, token, {
      profileData: { version: 0, portfolioDetails: [item({ fileIndex: 1 })] },
      files: [{ data: pdf(PORTFOLIO_FILE_MAX_BYTES), name: 'big.pdf', type: 'application/pdf' }],
    });
    expectFailure(res, 413, 'TL_CORE_10094_E');
    expect((await load(app, token)).portfolioDto).toEqual([]);
  });

  it('accepts a file of exactly the limit', async () => {
    const { app, token } = await setUp();
    const exact = pdf(PORTFOLIO_FILE_MAX_BYTES - pdf().length);
    expect(exact.length).toBe(PORTFOLIO_FILE_MAX_BYTES);
    const res = await putPortfolio(app, token, {
      profileData: { version: 0, portfolioDetails: [item({ fileIndex: 1 })] },
      files: [{ data: exact, name: 'exact.pdf', type: 'application/pdf' }],
    });
    expect(res.status).toBe(200);
    expect(res.body.portfolioDetails[0].fileSize).toBe(PORTFOLIO_FILE_MAX_BYTES);
  });

  it('refuses more than 2 items, an empty list and more than 2 attached files', async () => {
    const { app, token } = await setUp();
    const three = [1, 2, 3].map((n) => item({ portfolioTitle: `P${n}`, portfolioUrl: `https://example.com/${n}` }));
    const tooMany = await putPortfolio(app, token, { profileData: { version: 0, portfolioDetails: three } });
    expectFailure(tooMany, 400, 'TL_CORE_00400_E');
    expect(tooMany.body.responseMessage).toContain('You can add at most 2 portfolio items');
    const none = await putPortfolio(app, token, { profileData: { version: 0, portfolioDetails: [] } });
    expectFailure(none, 400, 'TL_CORE_00400_E');
    expect(none.body.responseMessage).toContain('Please add at least one portfolio item');
    const files3 = [1, 2, 3].map(() => ({ data: pdf(), name: 'a.pdf', type: 'application/pdf' }));
    const tooManyFiles = await putPortfolio(app, token, {
      profileData: { version: 0, portfolioDetails: [item({ fileIndex: 1 }), item({ fileIndex: 2 })] },
      files: files3,
    });
    expectFailure(tooManyFiles, 400, 'TL_CORE_10120_E');
    expect(await load(app, token)).toMatchObject({ portfolioDto: [], version: 0 });
  });

  it.each([
    ['an item with neither URL nor file', [item()], [], 400, 'TL_CORE_00400_E'],
    ['an item with both URL and file', [item({ portfolioUrl: 'https://example.com', fileIndex: 1 })], [pdf()], 400, 'TL_CORE_00400_E'],
    ['a fileIndex past the item limit', [item({ fileIndex: 3 })], [pdf()], 400, 'TL_CORE_00400_E'],
    ['a fileIndex with no attached file', [item({ fileIndex: 2 })], [pdf()], 400, 'TL_CORE_10123_E'],
    ['an attached file no item names', [item({ portfolioUrl: 'https://example.com' })], [pdf()], 400, 'TL_CORE_00400_E'],
    ['a URL without http(s)', [item({ portfolioUrl: 'javascript:alert(1)' })], [], 400, 'TL_CORE_00400_E'],
    ['a missing title', [item({ portfolioTitle: ' ', portfolioUrl: 'https://example.com' })], [], 400, 'TL_CORE_00400_E'],
    ['no skills', [item({ portfolioSkills: [], portfolioUrl: 'https://example.com' })], [], 400, 'TL_CORE_00400_E'],
    ['a description over 255', [item({ portfolioDesc: 'x'.repeat(256), portfolioUrl: 'https://example.com' })], [], 400, 'TL_CORE_00400_E'],
  ])('refuses %s and changes nothing', async (_label, details, attached, status, code) => {
    const { app, token } = await setUp();
    const res = await putPortfolio(app, token, {
      profileData: { version: 0, portfolioDetails: details },
      files: attached.map((data) => ({ data, name: 'a.pdf', type: 'application/pdf' })),
    });
    expectFailure(res, status, code);
    expect(await load(app, token)).toMatchObject({ portfolioDto: [], version: 0 });
  });

  it('refuses malformed profileData and a body that is not multipart', async () => {
    const { app, token } = await setUp();
    expectFailure(await putPortfolio(app, token, { raw: '{not json' }), 400, 'TL_CORE_10104_E');
    expectFailure(await putPortfolio(app, token, {}), 400, 'TL_CORE_10104_E');
    const json = await app.post(PATH, undefined, { ...bearer(token) });
    expect(json.status).toBe(404);
    const put = await fetch(`${app.baseUrl}${PATH}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ portfolioDetails: [] }),
    });
    expect(put.status).toBe(415);
  });

  it('a malformed multipart body answers a 4xx, not a 500', async () => {
    const { app, token } = await setUp();
    for (const body of ['garbage', '--x\r\nContent-Disposition: form-data; name="profileData"\r\n\r\n{"a":', '--x--']) {
      const res = await fetch(`${app.baseUrl}${PATH}`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'multipart/form-data; boundary=x' },
        body,
      });
      expect({ body, clientError: res.status >= 400 && res.status < 500 }).toEqual({ body, clientError: true });
    }
    expect((await load(app, token)).portfolioDto).toEqual([]);
  });

  it('a save from a stale version is refused with 409 and changes nothing', async () => {
    const { app, token } = await setUp();
    const first = await putPortfolio(app, token, {
      profileData: { version: 0, portfolioDetails: [item({ portfolioUrl: 'https://example.com/1' })] },
    });
    expect(first.status).toBe(200);
    const stale = await putPortfolio(app, token, {
      profileData: { version: 0, portfolioDetails: [item({ portfolioTitle: 'Other', fileIndex: 1 })] },
      files: [{ data: pdf(), name: 'a.pdf', type: 'application/pdf' }],
    });
    expectFailure(stale, 409, 'TL_CORE_10110_E');
    const after = await load(app, token);
    expect(after.portfolioDto).toEqual(first.body.portfolioDetails);
    expect(after.version).toBe(1);
  });

  it('of two saves from the same version at once, one wins and the other is refused, leaving no stray file', async () => {
    const { app, token, id } = await setUp();
    const save = (title: string) =>
      putPortfolio(app, token, {
        profileData: { version: 0, portfolioDetails: [item({ portfolioTitle: title, fileIndex: 1 })] },
        files: [{ data: pdf(), name: 'a.pdf', type: 'application/pdf' }],
      });
    const results = await Promise.all([save('First'), save('Second')]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = results.find((r) => r.status === 200);
    const after = await load(app, token);
    expect(after.portfolioDto).toEqual(winner?.body.portfolioDetails);
    expect(after.version).toBe(1);
    const stored = (await userFiles(app, id)).filter((f) => f.kind.startsWith('portfolio'));
    expect(stored.map((f) => `/api/files/${f.id}`)).toEqual([after.portfolioDto[0].fileUrl]);
  });

  it('a kept item keeps its id and file; a replaced or removed item’s file is deleted', async () => {
    const { app, token, id: ownerId } = await setUp();
    const first = await putPortfolio(app, token, {
      profileData: {
        version: 0,
        portfolioDetails: [item({ portfolioTitle: 'A', fileIndex: 1 }), item({ portfolioTitle: 'B', fileIndex: 2 })],
      },
      files: [
        { data: pdf(), name: 'a.pdf', type: 'application/pdf' },
        { data: docx(), name: 'b.docx', type: 'application/octet-stream' },
      ],
    });
    expect(first.status).toBe(200);
    const [a, b] = first.body.portfolioDetails;
    expect((await userFiles(app, ownerId)).filter((f) => f.kind.startsWith('portfolio'))).toHaveLength(2);

    // Keep A as it is (neither URL nor file), drop B.
    const second = await putPortfolio(app, token, {
      profileData: {
        version: 1,
        portfolioDetails: [{ ...item({ portfolioTitle: 'A renamed' }), freelancerPortfolioId: a.freelancerPortfolioId }],
      },
    });
    expect(second.status).toBe(200);
    expect(second.body.portfolioDetails).toEqual([{ ...a, portfolioTitle: 'A renamed' }]);
    const left = (await userFiles(app, ownerId)).filter((f) => f.kind.startsWith('portfolio'));
    expect(left.map((f) => `/api/files/${f.id}`)).toEqual([a.fileUrl]);
    expect(left.map((f) => f.id)).not.toContain(b.fileUrl.slice(-36));

    // Replace A's file with a link: its file goes too.
    const third = await putPortfolio(app, token, {
      profileData: {
        version: 2,
        portfolioDetails: [{ ...item({ portfolioUrl: 'https://example.com/a' }), freelancerPortfolioId: a.freelancerPortfolioId }],
      },
    });
    expect(third.status).toBe(200);
    expect(third.body.portfolioDetails[0]).toMatchObject({
      freelancerPortfolioId: a.freelancerPortfolioId,
      contentType: 'LINK',
      fileUrl: null,
    });
    expect((await userFiles(app, ownerId)).filter((f) => f.kind.startsWith('portfolio'))).toEqual([]);
  });

  it('another user’s item id is never touched: it is saved as a new item of the caller', async () => {
    const { app, token } = await setUp();
    const other = await freelancerWithBasics(app);
    const theirs = await putPortfolio(app, other.accessToken, {
      profileData: { version: 0, portfolioDetails: [item({ portfolioTitle: 'Theirs', fileIndex: 1 })] },
      files: [{ data: pdf(), name: 'a.pdf', type: 'application/pdf' }],
    });
    const theirItem = theirs.body.portfolioDetails[0];
    const mine = await putPortfolio(app, token, {
      profileData: {
        version: 0,
        portfolioDetails: [
          {
            ...item({ portfolioTitle: 'Mine', portfolioUrl: 'https://example.com' }),
            freelancerPortfolioId: theirItem.freelancerPortfolioId,
          },
        ],
      },
    });
    expect(mine.status).toBe(200);
    expect(mine.body.portfolioDetails[0].freelancerPortfolioId).not.toBe(theirItem.freelancerPortfolioId);
    // Naming their id without URL or file does not borrow their file either.
    const borrow = await putPortfolio(app, token, {
      profileData: { version: 1, portfolioDetails: [{ ...item(), freelancerPortfolioId: theirItem.freelancerPortfolioId }] },
    });
    expectFailure(borrow, 400, 'TL_CORE_10122_E');
    expect((await load(app, other.accessToken)).portfolioDto).toEqual(theirs.body.portfolioDetails);
  });

  it('refuses the same item id twice in one save with a 400', async () => {
    const { app, token } = await setUp();
    const first = await putPortfolio(app, token, {
      profileData: { version: 0, portfolioDetails: [item({ portfolioUrl: 'https://example.com' })] },
    });
    const id = first.body.portfolioDetails[0].freelancerPortfolioId;
    const twice = await putPortfolio(app, token, {
      profileData: {
        version: 1,
        portfolioDetails: [
          { ...item({ portfolioUrl: 'https://example.com/1' }), freelancerPortfolioId: id },
          { ...item({ portfolioUrl: 'https://example.com/2' }), freelancerPortfolioId: id },
        ],
      },
    });
    expectFailure(twice, 400, 'TL_CORE_00400_E');
  });

  it('needs a signed-in freelancer', async () => {
    const app = await env.start();
    expectFailure(await app.get(PATH), 401, 'TL_CORE_00401_E');
  });
});
