import zlib from 'node:zlib';
import sharp from 'sharp';
import type { ApiResponse, TestApp } from '../helpers.ts';

// Files and requests for the portfolio tests: real images, a hand-built ZIP (so a test can make a
// Word document, a zip bomb or overlapping entries byte by byte), a compound file, multipart saves.

import { makeZip } from '../support/zip.ts';

export { makeZip };
export type { ZipSpec } from '../support/zip.ts';

const CONTENT_TYPES = Buffer.from(
  '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
    '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
);

/** A small, well-formed Word document. */
export function docx(documentXml = '<w:document><w:body><w:p><w:r><w:t>Case study</w:t></w:r></w:p></w:body></w:document>'): Buffer {
  return makeZip([
    { name: '[Content_Types].xml', data: CONTENT_TYPES, deflate: true },
    { name: 'word/document.xml', data: Buffer.from(documentXml), deflate: true },
  ]);
}

/** A .docx whose document inflates to `megabytes` MB of zeros (about 1000:1): a zip bomb. */
export function docxBomb(megabytes = 80): Buffer {
  return makeZip([
    { name: '[Content_Types].xml', data: CONTENT_TYPES, deflate: true },
    { name: 'word/document.xml', data: Buffer.alloc(megabytes * 1024 * 1024), deflate: true },
  ]);
}

let zeros200: Promise<Buffer> | undefined;
/**
 * The raw deflate stream of `megabytes` MB of zeros (200 MB deflates to about 200 KB), written
 * 1 MB at a time so the inflated size is never held in memory. 200 MB is built once per process.
 */
export function deflatedZeros(megabytes = 200): Promise<Buffer> {
  const build = async () => {
    const deflate = zlib.createDeflateRaw({ level: 9 });
    const out: Buffer[] = [];
    deflate.on('data', (chunk: Buffer) => out.push(chunk));
    const ended = new Promise((resolve, reject) => deflate.on('end', resolve).on('error', reject));
    const megabyte = Buffer.alloc(1024 * 1024);
    for (let i = 0; i < megabytes; i++) {
      if (!deflate.write(megabyte)) await new Promise((resolve) => deflate.once('drain', resolve));
    }
    deflate.end();
    await ended;
    return Buffer.concat(out);
  };
  if (megabytes !== 200) return build();
  zeros200 ??= build();
  return zeros200;
}

/**
 * A .docx whose central directory and local header both claim word/document.xml is 4 KB (well
 * within every declared-size and ratio limit) while its data inflates to 200 MB of zeros.
 */
export async function lyingDocx(): Promise<Buffer> {
  const claimed = Buffer.alloc(4096);
  return makeZip([
    { name: '[Content_Types].xml', data: CONTENT_TYPES, deflate: true },
    {
      name: 'word/document.xml',
      data: claimed,
      compressed: await deflatedZeros(200),
      declaredSize: claimed.length,
      crc: zlib.crc32(claimed),
    },
  ]);
}

/** A minimal OLE2 compound file; with `word` its directory names a WordDocument stream (.doc). */
export function compoundFile(word: boolean): Buffer {
  const buf = Buffer.alloc(2048);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(buf, 0);
  buf.writeUInt16LE(0x003e, 24);
  buf.writeUInt16LE(0x0003, 26);
  buf.writeUInt16LE(0xfffe, 28);
  buf.writeUInt16LE(9, 30);
  Buffer.from('Root Entry', 'utf16le').copy(buf, 1024);
  Buffer.from(word ? 'WordDocument' : 'SummaryInformation', 'utf16le').copy(buf, 1024 + 128);
  return buf;
}

export function pdf(extra = 0): Buffer {
  const head = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n');
  return Buffer.concat([head, Buffer.alloc(extra, 0x20), Buffer.from('\n%%EOF\n')]);
}

export async function png(width = 1200, height = 800): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#0ea5e9' } })
    .png()
    .withExif({ IFD0: { Copyright: 'secret-owner' } })
    .toBuffer();
}

/** A Windows executable header, whatever name it is sent under. */
export function executable(): Buffer {
  const buf = Buffer.alloc(512);
  buf.write('MZ', 0, 'latin1');
  buf.writeUInt32LE(0x80, 0x3c);
  buf.write('PE\0\0', 0x80, 'latin1');
  return buf;
}

export type Upload = { data: Buffer; name: string; type: string };

export const item = (overrides: Record<string, unknown> = {}) => ({
  portfolioTitle: 'Checkout redesign',
  portfolioDesc: 'A faster, accessible checkout for an online shop.',
  portfolioSkills: ['React', 'Accessibility'],
  ...overrides,
});

/** PUT /freelancer-settings/portfolio-details as multipart; `raw` sends profileData as given. */
export async function putPortfolio(
  app: TestApp,
  token: string,
  body: { profileData?: unknown; raw?: string; files?: Upload[] },
): Promise<ApiResponse> {
  const form = new FormData();
  if (body.raw !== undefined) form.set('profileData', body.raw);
  else if (body.profileData !== undefined) form.set('profileData', JSON.stringify(body.profileData));
  for (const f of body.files ?? []) form.append('portfolioContent', new Blob([new Uint8Array(f.data)], { type: f.type }), f.name);
  const res = await fetch(`${app.baseUrl}/api/freelancer-settings/portfolio-details`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {}
  return { status: res.status, body: parsed, headers: res.headers, cookies: new Map() };
}

/** A PNG header declaring a `width` x `height` canvas with no pixel data: an image bomb's shape. */
export function pngDeclaring(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(8 + data.length + 4);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(zlib.crc32(body), 8 + data.length);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.writeUInt8(8, 8);
  ihdr.writeUInt8(2, 9);
  const idat = zlib.deflateSync(Buffer.alloc(1024));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', idat),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
