import zlib from 'node:zlib';
import { fileTypeFromBuffer } from 'file-type';
import { describe, expect, it } from 'vitest';
import { deflatedZeros, docx, docxBomb, lyingDocx, makeZip } from '../../test/profile/portfolio-support.ts';
import { DOCX_LIMITS, checkDocx, inflateCapped, inspectDocx, readCentralDirectory } from './zip.ts';

const MB = 1024 * 1024;

describe('docx inspection from the central directory', () => {
  it('a well-formed Word document passes', () => {
    expect(inspectDocx(docx())).toEqual({ ok: true });
    expect(readCentralDirectory(docx())?.map((e) => e.name)).toEqual(['[Content_Types].xml', 'word/document.xml']);
  });

  it('a zip bomb that the type sniffer calls a Word document is refused by its declared size', async () => {
    const bomb = docxBomb(80);
    expect((await fileTypeFromBuffer(bomb))?.ext).toBe('docx');
    expect(inspectDocx(bomb)).toEqual({ ok: false, reason: 'declared uncompressed size too large' });
  });

  it('a smaller bomb is refused by its compression ratio', () => {
    expect(inspectDocx(docxBomb(20))).toEqual({ ok: false, reason: 'compression ratio too high' });
  });

  it('entries sharing one compressed stream (overlapping) are refused', () => {
    const zip = docx();
    // Point the second central entry at the first entry's local header.
    const entries = readCentralDirectory(zip);
    expect(entries).toHaveLength(2);
    const cdStart = zip.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    const second = zip.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]), cdStart + 4);
    zip.writeUInt32LE(0, second + 42);
    expect(inspectDocx(zip)).toMatchObject({ ok: false });
  });

  it('a zip without word/document.xml, a truncated zip and random bytes are refused', () => {
    expect(inspectDocx(makeZip([{ name: 'word/other.xml', data: Buffer.from('x') }]))).toEqual({
      ok: false,
      reason: 'no word/document.xml',
    });
    expect(inspectDocx(docx().subarray(0, 40)).ok).toBe(false);
    expect(inspectDocx(Buffer.from('PK not really a zip')).ok).toBe(false);
  });
});

describe('docx inflation under a cap', () => {
  it('the inflater stops at the cap: 200 MB of zeros yields no more than the cap and one chunk', async () => {
    const zeros = await deflatedZeros(200);
    expect(zeros.length).toBeLessThan(MB);
    const before = process.memoryUsage();
    const result = await inflateCapped(zeros, MB);
    expect(result.kind).toBe('over');
    expect(result.kind === 'over' && result.produced).toBeGreaterThan(MB);
    expect(result.kind === 'over' && result.produced).toBeLessThanOrEqual(MB + 64 * 1024);
    const after = process.memoryUsage();
    expect(after.external + after.arrayBuffers - before.external - before.arrayBuffers).toBeLessThan(32 * MB);
  });

  it('a stream within its cap inflates fully, with its size and CRC-32', async () => {
    const data = Buffer.from('<w:document>hello</w:document>'.repeat(1000));
    const result = await inflateCapped(zlib.deflateRawSync(data), data.length);
    expect(result).toEqual({ kind: 'ok', size: data.length, crc: zlib.crc32(data) });
    expect(await inflateCapped(zlib.deflateRawSync(data), data.length - 1)).toMatchObject({ kind: 'over' });
    expect(await inflateCapped(Buffer.from('not deflate at all'), MB)).toEqual({ kind: 'corrupt' });
  });

  it('a well-formed Word document passes; one whose directory claims 4 KB but inflates to 200 MB is stopped at the claim', async () => {
    expect(await checkDocx(docx())).toEqual({ ok: true });
    const lying = await lyingDocx();
    expect((await fileTypeFromBuffer(lying))?.ext).toBe('docx');
    // The directory alone looks harmless; inflating tells the truth.
    expect(inspectDocx(lying)).toEqual({ ok: true });
    expect(await checkDocx(lying)).toEqual({ ok: false, reason: 'entry inflates past its declared size' });
  });

  it('a total over the limit is stopped even when each entry is within its own claim', async () => {
    const small = { ...DOCX_LIMITS, maxTotalUncompressed: 64 * 1024 };
    const zip = makeZip([
      { name: '[Content_Types].xml', data: Buffer.from('<Types/>'), deflate: true },
      { name: 'word/document.xml', data: Buffer.alloc(40 * 1024, 0x61), deflate: true },
      { name: 'word/more.xml', data: Buffer.alloc(40 * 1024, 0x62), deflate: true },
    ]);
    expect(await checkDocx(zip)).toEqual({ ok: true });
    expect((await checkDocx(zip, small)).ok).toBe(false);
  });

  it('a wrong CRC-32, a short entry and a local header that disagrees with the directory are refused', async () => {
    const text = Buffer.from('<w:document/>');
    const types = { name: '[Content_Types].xml', data: Buffer.from('<Types/>'), deflate: true };
    const badCrc = makeZip([types, { name: 'word/document.xml', data: text, deflate: true, crc: 1234 }]);
    expect(await checkDocx(badCrc)).toEqual({ ok: false, reason: 'checksum mismatch' });
    const short = makeZip([types, { name: 'word/document.xml', data: text, compressed: zlib.deflateRawSync(text), declaredSize: 100 }]);
    expect(await checkDocx(short)).toMatchObject({ ok: false });
    // The local header claims another size than the central directory.
    const zip = docx();
    const local = zip.indexOf(Buffer.from('word/document.xml')) - 30;
    expect(zip.readUInt32LE(local)).toBe(0x04034b50);
    zip.writeUInt32LE(zip.readUInt32LE(local + 22) + 1, local + 22);
    expect(await checkDocx(zip)).toEqual({ ok: false, reason: 'local header disagrees with the directory' });
  });

  it('ZIP64 markers and a directory whose size disagrees with its entry count are refused', () => {
    const zip64 = docx();
    const eocd = zip64.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    zip64.writeUInt32LE(0xffffffff, eocd + 16);
    expect(readCentralDirectory(zip64)).toBeNull();
    const fewer = docx();
    // Say the directory holds one entry while its size covers two.
    fewer.writeUInt16LE(1, eocd + 8);
    fewer.writeUInt16LE(1, eocd + 10);
    expect(readCentralDirectory(fewer)).toBeNull();
  });
});
