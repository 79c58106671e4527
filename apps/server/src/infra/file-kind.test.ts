import zlib from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { isSafeWordDocument } from './file-kind.ts';

// Minimal ZIP writer (stored entries, `declared` overriding the uncompressed size both headers claim).
function zip(entries: Array<{ name: string; data: Buffer; declared?: number }>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt32LE(zlib.crc32(e.data), 14);
    local.writeUInt32LE(e.data.length, 18);
    local.writeUInt32LE(e.declared ?? e.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt32LE(zlib.crc32(e.data), 16);
    central.writeUInt32LE(e.data.length, 20);
    central.writeUInt32LE(e.declared ?? e.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, e.data);
    centrals.push(central, name);
    offset += 30 + name.length + e.data.length;
  }
  const cd = Buffer.concat(centrals);
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  eocd.writeUInt16LE(entries.length, 8);
  eocd.writeUInt16LE(entries.length, 10);
  eocd.writeUInt32LE(cd.length, 12);
  eocd.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, eocd]);
}

const word = [
  { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
  { name: 'word/document.xml', data: Buffer.from('<w:document/>') },
];

describe('isSafeWordDocument: a .docx judged from its directory and its inflated entries', () => {
  test('a word-processing package is accepted', async () => {
    expect(await isSafeWordDocument(zip(word))).toBe(true);
  });

  test('a zip without the Word parts, with a program inside, or with macros is refused', async () => {
    expect(await isSafeWordDocument(zip([{ name: 'readme.txt', data: Buffer.from('hi') }]))).toBe(false);
    expect(await isSafeWordDocument(zip([word[1] as (typeof word)[number]]))).toBe(false);
    expect(await isSafeWordDocument(zip([...word, { name: 'word/run.exe', data: Buffer.from('MZ') }]))).toBe(false);
    expect(await isSafeWordDocument(zip([...word, { name: 'word/vbaProject.bin', data: Buffer.from('x') }]))).toBe(false);
  });

  test('too many entries or too much declared uncompressed data is refused without inflating', async () => {
    const many = Array.from({ length: 501 }, (_, i) => ({ name: `word/media/${i}.xml`, data: Buffer.from('x') }));
    expect(await isSafeWordDocument(zip([...word, ...many]))).toBe(false);
    expect(await isSafeWordDocument(zip([...word, { name: 'word/big.xml', data: Buffer.from('x'), declared: 65 * 1024 * 1024 }]))).toBe(
      false,
    );
  });
});
