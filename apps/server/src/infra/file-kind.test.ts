import { describe, expect, test } from 'vitest';
import { makeZip } from '../../test/support/zip.ts';
import { isSafeWordDocument } from './file-kind.ts';

/** A ZIP archive of stored entries; `declared` overrides the uncompressed size both headers claim. */
const zip = (entries: Array<{ name: string; data: Buffer; declared?: number }>) =>
  makeZip(entries.map(({ declared, ...entry }) => ({ ...entry, declaredSize: declared })));

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
