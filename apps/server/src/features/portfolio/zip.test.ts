import { fileTypeFromBuffer } from 'file-type';
import { describe, expect, it } from 'vitest';
import { docx, docxBomb, makeZip } from '../../../test/profile/portfolio-support.ts';
import { inspectDocx, readCentralDirectory } from './zip.ts';

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
