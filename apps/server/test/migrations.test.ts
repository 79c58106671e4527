import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../migrations');
const journal = JSON.parse(fs.readFileSync(path.join(dir, 'meta/_journal.json'), 'utf8')) as {
  entries: Array<{ idx: number; tag: string; when: number }>;
};
const { shipped } = JSON.parse(fs.readFileSync(path.join(dir, 'shipped.json'), 'utf8')) as {
  shipped: Array<{ tag: string; sha256: string }>;
};
const sha256 = (tag: string) =>
  crypto
    .createHash('sha256')
    .update(fs.readFileSync(path.join(dir, `${tag}.sql`)))
    .digest('hex');

describe('migrations are append-only', () => {
  it('no shipped migration has been edited', () => {
    for (const { tag, sha256: expected } of shipped) expect(sha256(tag), `${tag}.sql was edited after it shipped`).toBe(expected);
  });

  it('shipped migrations are the first entries of the journal, in order', () => {
    expect(journal.entries.slice(0, shipped.length).map((e) => e.tag)).toEqual(shipped.map((s) => s.tag));
  });

  it('journal entries are numbered in order and dated in increasing order (the migrator applies by date)', () => {
    journal.entries.forEach((entry, i) => {
      expect(entry.idx).toBe(i);
      expect(entry.tag.startsWith(String(i).padStart(4, '0'))).toBe(true);
      if (i > 0) expect(entry.when).toBeGreaterThan(journal.entries[i - 1]?.when ?? 0);
      expect(fs.existsSync(path.join(dir, `${entry.tag}.sql`))).toBe(true);
    });
  });

  it('every migration file is in the journal', () => {
    const files = fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.sql'))
      .map((f) => f.replace(/\.sql$/, ''));
    expect(files.sort()).toEqual(journal.entries.map((e) => e.tag).sort());
  });
});
