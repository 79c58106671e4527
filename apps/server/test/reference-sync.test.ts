import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, onTestFinished, test } from 'vitest';
import {
  REFERENCE_LISTS,
  type ReferenceRow,
  loadReferenceData,
  popularity,
  referenceDataDir,
  searchKey,
  shippedHash,
  shippedRows,
  syncReferenceList,
} from '../src/features/reference/load.ts';
import type { Db } from '../src/infra/db/client.ts';
import { refListVersions, refSkills } from '../src/infra/db/schema.ts';
import { useApi } from './helpers.ts';
import { bearer } from './onboarding/support.ts';

// Reference lists follow the shipped files: a list whose content changed is reloaded at start, in
// one transaction, and an unchanged one is left alone (issue 9 "reference data never resyncs").

const env = useApi();

// Sorted here, not by the database, whose collation may differ from one server to another.
const byName = (rows: readonly ReferenceRow[]) => [...rows].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
const storedSkills = async (db: Db) =>
  byName(await db.select({ name: refSkills.name, popularity: refSkills.popularity, searchKey: refSkills.searchKey }).from(refSkills));
const skillsVersion = async (db: Db) => (await db.select().from(refListVersions).where(eq(refListVersions.list, 'skills')))[0];

let dbToRestore: Db | undefined;
afterEach(async () => {
  // Later tests of this file share the database: put the shipped lists back.
  if (dbToRestore) await loadReferenceData(dbToRestore);
  dbToRestore = undefined;
});

describe('reference lists', () => {
  test('every shipped list is stored whole, with its popularity figures, search keys and content hash', async () => {
    const app = await env.start();
    expect(await storedSkills(app.db)).toEqual(byName(shippedRows('skills')));
    const versions = await app.db.select().from(refListVersions);
    expect(versions.map((v) => v.list).sort()).toEqual(REFERENCE_LISTS.map((l) => l.list).sort());
    expect(new Set(versions.map((v) => v.hash)).size).toBe(REFERENCE_LISTS.length);
    const react = (await storedSkills(app.db)).find((r) => r.name === 'React');
    expect(react).toEqual({ name: 'React', popularity: popularity().skills.React, searchKey: ' react' });
    expect(react?.popularity).toBeGreaterThan(0);
  });

  test('every popularity figure names an entry of its list', () => {
    for (const { list } of REFERENCE_LISTS) {
      const names = new Set(shippedRows(list).map((r) => r.name));
      const unknown = Object.keys(popularity()[list]).filter((name) => !names.has(name));
      expect({ list, unknown }).toEqual({ list, unknown: [] });
      expect(Object.values(popularity()[list]).every((n) => Number.isInteger(n) && n >= 0 && n <= 100)).toBe(true);
    }
  });

  test('a changed list is reloaded: entries removed, added and re-ranked; searches see the new list', async () => {
    const app = await env.start();
    dbToRestore = app.db;
    const before = await skillsVersion(app.db);
    const changed: ReferenceRow[] = [
      ...shippedRows('skills')
        .filter((r) => r.name !== 'Jamf')
        .map((r) => (r.name === 'Jasmine' ? { ...r, popularity: 99 } : r)),
      { name: 'Quokka Scripting', popularity: 5, searchKey: searchKey('Quokka Scripting') },
    ];
    expect(await syncReferenceList(app.db, 'skills', changed)).toBe(true);
    expect(await storedSkills(app.db)).toEqual(byName(changed));
    expect((await skillsVersion(app.db))?.hash).not.toBe(before?.hash);

    const auth = bearer((await app.createUser()).accessToken);
    expect((await app.get('/api/search/skill?query=quokka', auth)).body.skillName).toEqual(['Quokka Scripting']);
    expect((await app.get('/api/search/skill?query=jamf', auth)).body.skillName).toEqual([]);
    expect((await app.get('/api/search/skill?query=ja', auth)).body.skillName[0]).toBe('Jasmine');

    // What the server runs at start puts the shipped list back, since its content differs again.
    await loadReferenceData(app.db);
    expect(await storedSkills(app.db)).toEqual(byName(shippedRows('skills')));
    expect((await skillsVersion(app.db))?.hash).toBe(before?.hash);
  });

  test('an unchanged list is left alone at start', async () => {
    const app = await env.start();
    const before = await app.db.select().from(refListVersions);
    expect(await syncReferenceList(app.db, 'skills', shippedRows('skills'), shippedHash('skills'))).toBe(false);
    expect(await loadReferenceData(app.db)).toEqual([]);
    expect(await app.db.select().from(refListVersions)).toEqual(before);
  });

  test('a shipped file that changed is reloaded at start, alone: the check compares file hashes, not rows', async () => {
    const app = await env.start();
    dbToRestore = app.db;
    const versions = async () => new Map((await app.db.select().from(refListVersions)).map((v) => [v.list, v]));
    const before = await versions();
    // A copy of the shipped folder with one skill taken out and one added, as a release would ship it.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'talentloop-reference-'));
    onTestFinished(() => fs.rmSync(dir, { recursive: true, force: true }));
    fs.cpSync(referenceDataDir, dir, { recursive: true });
    const skills = JSON.parse(fs.readFileSync(path.join(dir, 'skills.json'), 'utf8')) as string[];
    fs.writeFileSync(path.join(dir, 'skills.json'), JSON.stringify([...skills.filter((name) => name !== 'Jamf'), 'Quokka Scripting']));

    expect(await loadReferenceData(app.db, { dir })).toEqual(['skills']);
    const names = (await storedSkills(app.db)).map((r) => r.name);
    expect(names).toContain('Quokka Scripting');
    expect(names).not.toContain('Jamf');
    expect(names).toHaveLength(skills.length);
    const after = await versions();
    expect(after.get('skills')?.hash).toBe(shippedHash('skills', dir));
    // Every other list kept its row and its load time: nothing of it was touched.
    for (const { list } of REFERENCE_LISTS.filter((l) => l.list !== 'skills')) expect(after.get(list)).toEqual(before.get(list));
    // Started again with the same files: nothing to do.
    expect(await loadReferenceData(app.db, { dir })).toEqual([]);
  });

  test('a reload that fails part-way changes nothing: the old list and its hash stay', async () => {
    const app = await env.start();
    dbToRestore = app.db;
    const before = await skillsVersion(app.db);
    const rows = shippedRows('skills');
    // The duplicate name breaks the insert after the old rows were deleted inside the transaction.
    const broken = [{ name: 'Quokka Scripting', popularity: 1, searchKey: ' quokka scripting' }, ...rows, rows[0] as ReferenceRow];
    await expect(syncReferenceList(app.db, 'skills', broken)).rejects.toThrow();
    expect(await storedSkills(app.db)).toEqual(byName(rows));
    expect(await skillsVersion(app.db)).toEqual(before);
  });

  test('instances starting together reload a changed list once', async () => {
    const app = await env.start();
    dbToRestore = app.db;
    const changed = shippedRows('skills').filter((r) => r.name !== 'Jamf');
    const results = await Promise.all([syncReferenceList(app.db, 'skills', changed), syncReferenceList(app.db, 'skills', changed)]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await storedSkills(app.db)).toEqual(byName(changed));
  });
});
