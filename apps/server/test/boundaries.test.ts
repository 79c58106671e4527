import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The lint boundaries of issue 33 (decision 178), each proven by a planted violation in a copy of the
// sources: scripts/check-boundaries.mjs (ui/lib never import features; features meet only through a
// public face) and Biome's suspicious/noImportCycles as configured in biome.json.

const repo = path.resolve(import.meta.dirname, '../../..');
const checker = path.join(repo, 'scripts/check-boundaries.mjs');
const biome = path.join(repo, 'node_modules/.bin/biome');
let copy: string;

function check(): { status: number | null; output: string } {
  const run = spawnSync(process.execPath, [checker, copy], { encoding: 'utf8' });
  return { status: run.status, output: run.stdout + run.stderr };
}

function plant(rel: string, text: string): () => void {
  const file = path.join(copy, rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  return () => fs.rmSync(file);
}

beforeAll(() => {
  copy = fs.mkdtempSync(path.join(os.tmpdir(), 'boundaries-'));
  for (const src of ['apps/web/src', 'apps/server/src']) fs.cpSync(path.join(repo, src), path.join(copy, src), { recursive: true });
});
afterAll(() => fs.rmSync(copy, { recursive: true, force: true }));

describe('import boundaries (scripts/check-boundaries.mjs)', () => {
  it('pass on the sources as they are', () => {
    expect(check()).toEqual({ status: 0, output: '' });
  });

  it('refuse ui/ importing a feature, naming the file, line and specifier', () => {
    const remove = plant(
      'apps/web/src/ui/planted.ts',
      "import { x } from '../features/account/privacy-section.tsx';\nexport const y = x;\n",
    );
    const { status, output } = check();
    remove();
    expect(status).toBe(1);
    expect(output).toContain(
      "apps/web/src/ui/planted.ts:1: '../features/account/privacy-section.tsx' -> ui/ and lib/ must not import a feature",
    );
    expect(check().status).toBe(0);
  });

  it('refuse lib/ importing a feature, also by dynamic import', () => {
    const remove = plant('apps/web/src/lib/planted.ts', "export const load = () => import('../features/shell/shell.tsx');\n");
    const { status, output } = check();
    remove();
    expect(status).toBe(1);
    expect(output).toContain("apps/web/src/lib/planted.ts:1: '../features/shell/shell.tsx' -> ui/ and lib/ must not import a feature");
  });

  it("refuse a web feature reaching past another feature's public face", () => {
    const remove = plant(
      'apps/web/src/features/hires/deep/planted.ts',
      "import { x } from '../../account/api/privacy.ts';\nexport const y = x;\n",
    );
    const { status, output } = check();
    remove();
    expect(status).toBe(1);
    expect(output).toContain(
      "apps/web/src/features/hires/deep/planted.ts:1: '../../account/api/privacy.ts' -> apps/web/src/features/account/api/privacy.ts is not in the public face of feature 'account'",
    );
  });

  it("refuse a server feature reaching past another feature's public face, and allow the face itself", () => {
    const allowed = plant('apps/server/src/features/reviews/planted-ok.ts', "export { makeSlug } from '../account/slug.ts';\n");
    expect(check().status).toBe(0);
    allowed();
    const remove = plant(
      'apps/server/src/features/reviews/planted.ts',
      "import type { X } from '../talent-search/queries.ts';\nexport type Y = X;\n",
    );
    const { status, output } = check();
    remove();
    expect(status).toBe(1);
    expect(output).toContain(
      "apps/server/src/features/reviews/planted.ts:1: '../talent-search/queries.ts' -> apps/server/src/features/talent-search/queries.ts is not in the public face of feature 'talent-search' (it offers: nothing)",
    );
  });
  it('refuse a profile writer importing the talent search read model (it publishes profileChanged instead)', () => {
    const remove = plant(
      'apps/server/src/features/account/planted.ts',
      "import { refreshTalentSearch } from '../talent-search/read-model.ts';\nexport const r = refreshTalentSearch;\n",
    );
    const { status, output } = check();
    remove();
    expect(status).toBe(1);
    expect(output).toContain(
      "apps/server/src/features/account/planted.ts:1: '../talent-search/read-model.ts' -> apps/server/src/features/talent-search/read-model.ts is not in the public face of feature 'talent-search' (it offers: nothing)",
    );
  });
  it('refuse a public face naming a file that is gone', () => {
    const face = path.join(copy, 'apps/server/src/features/account/slug.ts');
    const kept = fs.readFileSync(face);
    fs.rmSync(face);
    const { status, output } = check();
    fs.writeFileSync(face, kept);
    expect(status).toBe(1);
    expect(output).toContain('FACES: apps/server/src/features/account/slug.ts does not exist.');
  });
});

describe("a feature's queries.ts is never part of its face (scripts/check-boundaries.mjs, decision 267)", () => {
  it('refuse another feature importing a queries.ts, naming the file, line and specifier', () => {
    const remove = plant(
      'apps/server/src/features/billing/planted.ts',
      "import { findCompany } from '../company/queries.ts';\nexport const f = findCompany;\n",
    );
    const { status, output } = check();
    remove();
    expect(status).toBe(1);
    expect(output).toContain(
      "apps/server/src/features/billing/planted.ts:1: '../company/queries.ts' -> apps/server/src/features/company/queries.ts is not in the public face of feature 'company' (it offers: service.ts): it is the feature's queries, never part of a face; a feature's SQL stays inside it",
    );
    const allowed = plant(
      'apps/server/src/features/billing/planted.ts',
      "import { findCompany } from '../company/service.ts';\nexport const f = findCompany;\n",
    );
    expect(check()).toEqual({ status: 0, output: '' });
    allowed();
  });

  it('refuse a face re-exporting a value of its queries.ts (from it, all of it, or an imported name), and allow a type', () => {
    const face = path.join(copy, 'apps/server/src/features/company/service.ts');
    const kept = fs.readFileSync(face, 'utf8');
    const line = kept.split('\n').length;
    const withExtra = (extra: string) => {
      fs.writeFileSync(face, kept + extra);
      try {
        return check();
      } finally {
        fs.writeFileSync(face, kept);
      }
    };
    const named = withExtra("export { loadCompany } from './queries.ts';\n");
    expect(named.status).toBe(1);
    expect(named.output).toContain(
      `apps/server/src/features/company/service.ts:${line}: re-exports 'loadCompany' of its feature's queries.ts -> a public face offers service functions`,
    );
    const star = withExtra("export * from './queries.ts';\n");
    expect(star.status).toBe(1);
    expect(star.output).toContain(`apps/server/src/features/company/service.ts:${line}: re-exports '*' of its feature's queries.ts`);
    // readSocials is imported from ./queries.ts at the top of the face; exporting it under another name is the same re-export.
    const listed = withExtra('export { readSocials as socials };\n');
    expect(listed.status).toBe(1);
    expect(listed.output).toContain(
      `apps/server/src/features/company/service.ts:${line}: re-exports 'readSocials' of its feature's queries.ts`,
    );
    expect(
      withExtra("export type { CompanyRow as Row } from './queries.ts';\nexport { type CompanyRow as Row2 } from './queries.ts';\n"),
    ).toEqual({
      status: 0,
      output: '',
    });
    expect(check()).toEqual({ status: 0, output: '' });
  });

  it('refuse a face that lists a queries.ts', () => {
    const listed = fs.readFileSync(checker, 'utf8').replace("    company: ['service.ts'],", "    company: ['service.ts', 'queries.ts'],");
    expect(listed).toContain("company: ['service.ts', 'queries.ts'],");
    const script = path.join(copy, 'check-boundaries-planted.mjs');
    fs.writeFileSync(script, listed);
    const run = spawnSync(process.execPath, [script, copy], { encoding: 'utf8' });
    fs.rmSync(script);
    expect(run.status).toBe(1);
    expect(run.stdout + run.stderr).toContain(
      "FACES: apps/server/src/features/company/queries.ts is a feature's queries, never part of its face",
    );
  });
});

describe('SQL only in queries (scripts/check-boundaries.mjs, decision 186)', () => {
  it('refuse raw SQL and statements on db or tx in a service, and allow them in queries.ts', () => {
    const service = plant(
      'apps/server/src/features/security/planted-service.ts',
      [
        "import { sql } from 'drizzle-orm';",
        '// db.select() in a comment is no statement',
        'export const count = (db: any) => db.execute(sql`SELECT 1`);',
        'export const rows = (tx: any, t: any) =>',
        '  tx',
        '    .update(t)',
        '    .set({});',
        '',
      ].join('\n'),
    );
    const { status, output } = check();
    service();
    expect(status).toBe(1);
    expect(output).toContain(
      "apps/server/src/features/security/planted-service.ts:3: a statement on db/tx 'db.execute(' -> SQL lives in the feature's queries.ts only",
    );
    expect(output).toContain("apps/server/src/features/security/planted-service.ts:3: raw SQL 'sql`'");
    expect(output).toContain("apps/server/src/features/security/planted-service.ts:5: a statement on db/tx 'tx.update('");
    expect(output).not.toContain('planted-service.ts:2:');
    expect(output).toContain('3 statements outside queries.ts.');
    const queries = plant(
      'apps/server/src/features/planted/queries.ts',
      "import { sql } from 'drizzle-orm';\nexport const one = (db: any) => db.execute(sql`SELECT 1`);\n",
    );
    expect(check()).toEqual({ status: 0, output: '' });
    queries();
  });

  it('refuse an exception naming a file that is gone', () => {
    const file = path.join(copy, 'apps/server/src/features/audit/audit.ts');
    const kept = fs.readFileSync(file);
    fs.rmSync(file);
    const { status, output } = check();
    fs.writeFileSync(file, kept);
    expect(status).toBe(1);
    expect(output).toContain('SQL_ELSEWHERE: apps/server/src/features/audit/audit.ts does not exist.');
  });
});

describe('import cycles (biome.json: suspicious/noImportCycles)', () => {
  it('fail lint on a planted cycle and pass once it is removed', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cycles-'));
    try {
      const config = JSON.parse(fs.readFileSync(path.join(repo, 'biome.json'), 'utf8'));
      config.$schema = undefined;
      config.vcs = { enabled: false };
      fs.writeFileSync(path.join(dir, 'biome.json'), JSON.stringify(config, null, 2));
      const feature = path.join(dir, 'apps/server/src/features/planted');
      fs.mkdirSync(feature, { recursive: true });
      fs.writeFileSync(path.join(feature, 'a.ts'), "import { b } from './b.ts';\n\nexport const a = (): number => b() + 1;\n");
      fs.writeFileSync(path.join(feature, 'b.ts'), "import { a } from './a.ts';\n\nexport const b = (): number => (a.length ? 1 : 0);\n");
      const lint = () => spawnSync(biome, ['lint', '--colors=off', '.'], { cwd: dir, encoding: 'utf8' });
      const cyclic = lint();
      expect(cyclic.status).toBe(1);
      expect(cyclic.stdout + cyclic.stderr).toContain('lint/suspicious/noImportCycles');
      fs.writeFileSync(path.join(feature, 'b.ts'), 'export const b = (): number => 1;\n');
      const fixed = lint();
      expect(fixed.stdout + fixed.stderr).not.toContain('noImportCycles');
      expect(fixed.status).toBe(0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
