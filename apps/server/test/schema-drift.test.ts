import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SQL, is, sql } from 'drizzle-orm';
import { type PgColumn, PgDialect, PgTable, getTableConfig } from 'drizzle-orm/pg-core';
import { describe, expect, test } from 'vitest';
import type { Db } from '../src/infra/db/client.ts';
import * as schema from '../src/infra/db/schema.ts';
import { useApi } from './helpers.ts';

// schema.ts is what the code queries; the migrations are what the database is; drizzle-kit's latest
// snapshot (migrations/meta) is what `npm run db:generate` diffs schema.ts against. The three must
// agree: a snapshot behind schema.ts makes db:generate write a wrong migration, and a schema.ts that
// differs from the migrated database breaks queries on a real deployment only.

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.resolve(serverDir, '../..');
const migrationsFolder = path.join(serverDir, 'migrations');

/** Every file under `dir`, by path relative to it, with its content. */
async function filesIn(dir: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const name of (await fs.readdir(dir, { recursive: true })).sort()) {
    const full = path.join(dir, name);
    if ((await fs.stat(full)).isFile()) files.set(name, await fs.readFile(full, 'utf8'));
  }
  return files;
}

// The same files whatever the database: run once, in the PGlite run (the PostgreSQL run skips it).
describe.skipIf(Boolean(process.env.DATABASE_URL))('drizzle-kit snapshots follow schema.ts', () => {
  test('drizzle-kit generate on the repository config writes no migration: the latest snapshot is schema.ts', async () => {
    const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'talentloop-schema-drift-'));
    try {
      // A copy of the migrations folder; the repository's config with only `out` pointed at the copy.
      // drizzle-kit reads `out` relative to the working directory: the repository root, as `npm run db:generate`.
      const out = path.join(tmp, 'migrations');
      await fs.cp(migrationsFolder, out, { recursive: true });
      const before = await filesIn(out);
      const config = path.join(tmp, 'drizzle.config.ts');
      const baseConfig = path.join(serverDir, 'drizzle.config.ts');
      await fs.writeFile(
        config,
        `import base from ${JSON.stringify(baseConfig)};\nexport default { ...base, out: ${JSON.stringify(path.relative(repoRoot, out))} };\n`,
      );
      const drizzleKit = path.join(path.dirname(fileURLToPath(import.meta.resolve('drizzle-kit'))), 'bin.cjs');
      // stdin is no terminal: a change drizzle-kit would ask about (a rename?) fails at once instead of waiting.
      const { code, output } = await new Promise<{ code: number; output: string }>((resolve) => {
        const child = execFile(
          process.execPath,
          [drizzleKit, 'generate', '--config', config],
          { cwd: repoRoot, timeout: 120_000, env: { ...process.env, NO_COLOR: '1' } },
          (err, stdout, stderr) => resolve({ code: err ? ((err.code as number | undefined) ?? 1) : 0, output: `${stdout}${stderr}` }),
        );
        child.stdin?.end();
      });
      const after = await filesIn(out);
      const written = [...after].filter(([name, text]) => before.get(name) !== text);
      const report = written.map(([name, text]) => `--- ${name}\n${name.endsWith('.sql') ? text : '(changed)'}`).join('\n');
      expect(
        { code, written: written.map(([name]) => name) },
        `schema.ts differs from the latest snapshot in apps/server/migrations/meta. Change the schema with a new ` +
          `migration made by \`npm run db:generate\` (hand-written SQL: \`npm run db:generate -- --custom --name=<name>\`, ` +
          `then write the SQL into the empty file). drizzle-kit said:\n${output}\n${report}`,
      ).toEqual({ code: 0, written: [] });
      expect(output).toContain('No schema changes');
    } finally {
      await fs.rm(tmp, { recursive: true, force: true });
    }
  });
});

// ---------------------------------------------------------------------------------------------
// The migrated database against schema.ts.
//
// Each schema.ts table is built as drizzle declares it (getTableConfig: columns with their SQL
// types, nullability and defaults, primary keys, unique constraints, checks, foreign keys,
// indexes) in a scratch schema of the test's database, inside a transaction that is rolled back.
// Postgres then describes both the same way (format_type, pg_get_expr, pg_get_constraintdef,
// pg_get_indexdef), so types, defaults and expressions are compared in its own spelling, not in
// hand-written normalisations.

const SCRATCH = 'schema_drift_scratch';
const dialect = new PgDialect();
const q = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * What the migrations create that schema.ts cannot describe (drizzle has no declaration for it).
 * Anything else outside the tables (a trigger, a function, a view, an enum, a sequence of its own,
 * another extension) fails the test until it is added here or to schema.ts.
 */
const OUTSIDE_SCHEMA_TS = [
  // 0001: the trigram operator classes of the reference lists' GiST indexes (refSkills & co.).
  'extension pg_trgm',
  // 0016: the audit log refuses UPDATE and DELETE (append-only, issue 21).
  'function public.audit_log_append_only',
  'trigger audit_log_no_update_or_delete on audit_log',
  // 0019: ... and TRUNCATE.
  'trigger audit_log_no_truncate on audit_log',
  // 0018: every write to the talent search's read model is logged for the instances' in-memory pools.
  'function public.talent_search_log_change',
  'trigger talent_search_log_delete on talent_search',
  'trigger talent_search_log_insert on talent_search',
  'trigger talent_search_log_update on talent_search',
  // 0022: the journal and issued invoices are append-only; every journal entry balances at commit (decision 200).
  'function public.ledger_append_only',
  'function public.journal_entry_balanced',
  'trigger journal_entries_no_update_or_delete on journal_entries',
  'trigger journal_entries_no_truncate on journal_entries',
  'trigger journal_lines_no_update_or_delete on journal_lines',
  'trigger journal_lines_no_truncate on journal_lines',
  'trigger invoices_no_update_or_delete on invoices',
  'trigger invoices_no_truncate on invoices',
  'trigger invoice_pdfs_no_update_or_delete on invoice_pdfs',
  'trigger invoice_pdfs_no_truncate on invoice_pdfs',
  'trigger journal_lines_balanced on journal_lines',
  'trigger journal_entries_have_lines on journal_entries',
  // 0030: writes to what a public profile is drawn from notify the instances' talent page caches (decision 310).
  'function public.public_page_changed',
  'trigger users_public_page_del on users',
  'trigger users_public_page_ins on users',
  'trigger users_public_page_upd on users',
  'trigger freelancer_profiles_public_page_del on freelancer_profiles',
  'trigger freelancer_profiles_public_page_ins on freelancer_profiles',
  'trigger freelancer_profiles_public_page_upd on freelancer_profiles',
  'trigger freelancer_privacy_public_page_del on freelancer_privacy',
  'trigger freelancer_privacy_public_page_ins on freelancer_privacy',
  'trigger freelancer_privacy_public_page_upd on freelancer_privacy',
  'trigger freelancer_portfolio_public_page_del on freelancer_portfolio',
  'trigger freelancer_portfolio_public_page_ins on freelancer_portfolio',
  'trigger freelancer_portfolio_public_page_upd on freelancer_portfolio',
  'trigger freelancer_languages_public_page_del on freelancer_languages',
  'trigger freelancer_languages_public_page_ins on freelancer_languages',
  'trigger freelancer_languages_public_page_upd on freelancer_languages',
  'trigger freelancer_skills_public_page_del on freelancer_skills',
  'trigger freelancer_skills_public_page_ins on freelancer_skills',
  'trigger freelancer_skills_public_page_upd on freelancer_skills',
  'trigger freelancer_education_public_page_del on freelancer_education',
  'trigger freelancer_education_public_page_ins on freelancer_education',
  'trigger freelancer_education_public_page_upd on freelancer_education',
  'trigger freelancer_work_experience_public_page_del on freelancer_work_experience',
  'trigger freelancer_work_experience_public_page_ins on freelancer_work_experience',
  'trigger freelancer_work_experience_public_page_upd on freelancer_work_experience',
  'trigger freelancer_certifications_public_page_del on freelancer_certifications',
  'trigger freelancer_certifications_public_page_ins on freelancer_certifications',
  'trigger freelancer_certifications_public_page_upd on freelancer_certifications',
  'trigger hires_public_page_del on hires',
  'trigger hires_public_page_ins on hires',
  'trigger hires_public_page_upd on hires',
  'trigger reviews_public_page_del on reviews',
  'trigger reviews_public_page_ins on reviews',
  'trigger reviews_public_page_upd on reviews',
];

/** The SQL text of a drizzle expression; `invokeSource: 'indexes'` writes columns unqualified, as drizzle-kit. */
function sqlText(expr: SQL, what: string, indexes = false): string {
  const query = indexes ? dialect.sqlToQuery(expr, 'indexes') : dialect.sqlToQuery(expr);
  if (query.params.length) throw new Error(`${what}: write its values into the SQL (drizzle-kit does not bind parameters in DDL)`);
  return query.sql;
}

function defaultSql(column: PgColumn, what: string): string {
  const value: unknown = column.default;
  if (is(value, SQL)) return sqlText(value, what);
  if (typeof value === 'string') return `'${value.replaceAll("'", "''")}'`;
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return `'${value.toISOString()}'`;
  if (['json', 'jsonb'].includes(column.getSQLType())) return `'${JSON.stringify(value).replaceAll("'", "''")}'`;
  throw new Error(`${what}: this test cannot write its default (${JSON.stringify(value)}); extend defaultSql`);
}

/** The DDL of schema.ts's tables in the scratch schema: tables first, then foreign keys and indexes. */
function schemaDdl(tables: PgTable[]): string[] {
  const create: string[] = [];
  const after: string[] = [];
  for (const table of tables) {
    const config = getTableConfig(table);
    const target = `${q(SCRATCH)}.${q(config.name)}`;
    const parts: string[] = [];
    for (const column of config.columns) {
      const what = `${config.name}.${column.name}`;
      if (column.generated || column.generatedIdentity)
        throw new Error(`${what}: generated/identity columns are not written by this test yet`);
      let line = `${q(column.name)} ${column.getSQLType()}`;
      if (column.primary) line += ' PRIMARY KEY';
      if (column.notNull) line += ' NOT NULL';
      if (column.default !== undefined) line += ` DEFAULT ${defaultSql(column, what)}`;
      parts.push(line);
      if (column.isUnique)
        parts.push(
          `CONSTRAINT ${q(column.uniqueName ?? `${config.name}_${column.name}_unique`)} UNIQUE${column.uniqueType === 'not distinct' ? ' NULLS NOT DISTINCT' : ''} (${q(column.name)})`,
        );
    }
    for (const pk of config.primaryKeys)
      parts.push(`CONSTRAINT ${q(pk.getName())} PRIMARY KEY (${pk.columns.map((c) => q(c.name)).join(', ')})`);
    for (const unique of config.uniqueConstraints)
      parts.push(
        `CONSTRAINT ${q(unique.getName() ?? '')} UNIQUE${unique.nullsNotDistinct ? ' NULLS NOT DISTINCT' : ''} (${unique.columns.map((c) => q(c.name)).join(', ')})`,
      );
    for (const check of config.checks) parts.push(`CONSTRAINT ${q(check.name)} CHECK (${sqlText(check.value, `check ${check.name}`)})`);
    create.push(`CREATE TABLE ${target} (\n  ${parts.join(',\n  ')}\n)`);

    for (const fk of config.foreignKeys) {
      const ref = fk.reference();
      const foreign = getTableConfig(ref.foreignTable);
      after.push(
        `ALTER TABLE ${target} ADD CONSTRAINT ${q(fk.getName())} FOREIGN KEY (${ref.columns.map((c) => q(c.name)).join(', ')}) ` +
          `REFERENCES ${q(SCRATCH)}.${q(foreign.name)} (${ref.foreignColumns.map((c) => q(c.name)).join(', ')}) ` +
          `ON DELETE ${fk.onDelete ?? 'no action'} ON UPDATE ${fk.onUpdate ?? 'no action'}`,
      );
    }
    for (const index of config.indexes) {
      const { name, columns, unique, method, where, with: withOptions } = index.config;
      const columnNames: string[] = [];
      const keys = columns.map((column, i) => {
        if (is(column, SQL)) {
          if (!name) throw new Error(`${config.name}: an index on an expression needs a name`);
          return sqlText(column, `index ${name}`, true);
        }
        const indexed = column as { name?: string; indexConfig?: { opClass?: string; order?: string; nulls?: string } };
        columnNames.push(indexed.name ?? String(i));
        const { opClass, order, nulls } = indexed.indexConfig ?? {};
        // Order and NULLS placement exist for btree only (drizzle sets them on every column; GIN refuses them).
        const ordered = !method || method === 'btree';
        return `${q(indexed.name ?? '')}${opClass ? ` ${opClass}` : ''}${ordered && order === 'desc' ? ' DESC' : ''}${ordered && nulls ? ` NULLS ${nulls.toUpperCase()}` : ''}`;
      });
      // drizzle-kit's name for an index declared without one.
      const indexName = name ?? `${config.name}_${columnNames.join('_')}_index`;
      const options =
        withOptions && Object.keys(withOptions).length
          ? ` WITH (${Object.entries(withOptions)
              .map(([k, v]) => `${k} = ${v}`)
              .join(', ')})`
          : '';
      after.push(
        `CREATE ${unique ? 'UNIQUE ' : ''}INDEX ${q(indexName)} ON ${target} USING ${method ?? 'btree'} (${keys.join(', ')})${options}` +
          (where ? ` WHERE ${sqlText(where, `index ${indexName}`)}` : ''),
      );
    }
  }
  return [...create, ...after];
}

type Row = { schema: string; table: string; line: string };

/**
 * Every table's shape, one line per column (type, nullability, default, identity, generated),
 * constraint (primary key, unique, foreign key, check, exclusion; NOT NULL is the column's) and
 * index, as Postgres writes them, with schema names left out so the scratch copy reads the same.
 */
async function shapes(db: Db, schemas: string[]): Promise<Map<string, string[]>> {
  const list = schemas.map((s) => `'${s}'`).join(', ');
  const rows = (
    (await db.execute(
      sql.raw(`
      SELECT n.nspname AS schema, c.relname AS table,
        'column ' || a.attname || ' ' || format_type(a.atttypid, a.atttypmod)
          || CASE WHEN a.attnotnull THEN ' NOT NULL' ELSE ' NULL' END
          || coalesce(' DEFAULT ' || pg_get_expr(d.adbin, d.adrelid), '')
          || CASE WHEN a.attidentity <> '' THEN ' IDENTITY ' || a.attidentity::text ELSE '' END
          || CASE WHEN a.attgenerated <> '' THEN ' GENERATED ' || a.attgenerated::text ELSE '' END AS line
      FROM pg_attribute a
      JOIN pg_class c ON c.oid = a.attrelid
      JOIN pg_namespace n ON n.oid = c.relnamespace
      LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
      WHERE n.nspname IN (${list}) AND c.relkind IN ('r', 'p') AND a.attnum > 0 AND NOT a.attisdropped
      UNION ALL
      SELECT n.nspname, c.relname, 'constraint ' || con.conname || ' ' || pg_get_constraintdef(con.oid)
      FROM pg_constraint con
      JOIN pg_class c ON c.oid = con.conrelid
      JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname IN (${list}) AND con.contype IN ('p', 'u', 'f', 'c', 'x')
      UNION ALL
      SELECT n.nspname, c.relname, 'index ' || pg_get_indexdef(i.indexrelid)
      FROM pg_index i
      JOIN pg_class c ON c.oid = i.indrelid
      JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname IN (${list})
    `),
    )) as unknown as { rows: Row[] }
  ).rows;
  const unqualified = new RegExp(`(?<![\\w"])(?:${schemas.join('|')})\\.`, 'g');
  const bySchemaTable = new Map<string, string[]>();
  for (const row of rows) {
    const key = `${row.schema}.${row.table}`;
    bySchemaTable.set(key, [...(bySchemaTable.get(key) ?? []), row.line.replace(unqualified, '')]);
  }
  for (const lines of bySchemaTable.values()) lines.sort();
  return bySchemaTable;
}

/** Objects of the database outside its tables, other than those extensions own. */
async function otherObjects(db: Db): Promise<string[]> {
  const user = "n.nspname NOT IN ('pg_catalog', 'information_schema', 'drizzle') AND n.nspname NOT LIKE 'pg\\_%'";
  const notExtensionMember = (catalog: string, oid: string) =>
    `NOT EXISTS (SELECT 1 FROM pg_depend dep WHERE dep.classid = '${catalog}'::regclass AND dep.objid = ${oid} AND dep.deptype = 'e')`;
  const rows = (
    (await db.execute(
      sql.raw(`
      SELECT 'extension ' || extname AS line FROM pg_extension WHERE extname <> 'plpgsql'
      UNION ALL
      SELECT 'schema ' || n.nspname FROM pg_namespace n WHERE ${user} AND n.nspname <> 'public'
      UNION ALL
      SELECT 'relation ' || c.relkind::text || ' ' || n.nspname || '.' || c.relname
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE ${user} AND c.relkind IN ('v', 'm', 'f', 'c') AND ${notExtensionMember('pg_class', 'c.oid')}
      UNION ALL
      SELECT 'sequence ' || n.nspname || '.' || c.relname
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE ${user} AND c.relkind = 'S' AND ${notExtensionMember('pg_class', 'c.oid')}
        AND NOT EXISTS (SELECT 1 FROM pg_depend dep WHERE dep.classid = 'pg_class'::regclass AND dep.objid = c.oid AND dep.deptype IN ('a', 'i'))
      UNION ALL
      SELECT 'function ' || n.nspname || '.' || p.proname
      FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
      WHERE ${user} AND ${notExtensionMember('pg_proc', 'p.oid')}
      UNION ALL
      SELECT 'type ' || t.typtype::text || ' ' || n.nspname || '.' || t.typname
      FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
      WHERE ${user} AND t.typtype IN ('e', 'd', 'r', 'm') AND ${notExtensionMember('pg_type', 't.oid')}
      UNION ALL
      SELECT 'trigger ' || tg.tgname || ' on ' || c.relname
      FROM pg_trigger tg JOIN pg_class c ON c.oid = tg.tgrelid
      WHERE NOT tg.tgisinternal
      UNION ALL
      SELECT 'policy ' || pol.polname FROM pg_policy pol
      UNION ALL
      SELECT 'rule ' || r.rulename || ' on ' || c.relname
      FROM pg_rewrite r JOIN pg_class c ON c.oid = r.ev_class JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE ${user} AND c.relkind IN ('r', 'p')
    `),
    )) as unknown as { rows: { line: string }[] }
  ).rows;
  return rows.map((r) => r.line).sort();
}

/** Tables of the database outside drizzle's own schema (its migration journal). */
async function databaseTables(db: Db): Promise<string[]> {
  const rows = (
    (await db.execute(
      sql.raw(`
      SELECT n.nspname || '.' || c.relname AS name
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind IN ('r', 'p') AND n.nspname NOT IN ('pg_catalog', 'information_schema', 'drizzle')
        AND n.nspname NOT LIKE 'pg\\_%'
    `),
    )) as unknown as { rows: { name: string }[] }
  ).rows;
  return rows.map((r) => r.name).sort();
}

const schemaTables = (Object.values(schema) as unknown[])
  .filter((value): value is PgTable => is(value, PgTable))
  .sort((a, b) => getTableConfig(a).name.localeCompare(getTableConfig(b).name));
const tableName = (table: PgTable) => `${getTableConfig(table).schema ?? 'public'}.${getTableConfig(table).name}`;

class Rollback extends Error {}

/** Builds schema.ts in the scratch schema, runs `inspect` in the same transaction, then rolls it all back. */
async function withSchemaBuilt<T>(db: Db, inspect: (tx: Db) => Promise<T>): Promise<T> {
  let result: T | undefined;
  await db
    .transaction(async (tx) => {
      await tx.execute(sql.raw(`CREATE SCHEMA ${q(SCRATCH)}`));
      for (const statement of schemaDdl(schemaTables)) {
        try {
          await tx.execute(sql.raw(statement));
        } catch (err) {
          throw new Error(`schema.ts as DDL failed: ${statement}\n${(err as Error).message}`);
        }
      }
      result = await inspect(tx as unknown as Db);
      throw new Rollback();
    })
    .catch((err: unknown) => {
      if (!(err instanceof Rollback)) throw err;
    });
  return result as T;
}

/** Each schema.ts table's differences from its migrated table: lines only one of them has. */
async function differences(db: Db): Promise<Record<string, { onlyInDatabase: string[]; onlyInSchemaTs: string[] }>> {
  const all = await shapes(db, ['public', SCRATCH]);
  const found: Record<string, { onlyInDatabase: string[]; onlyInSchemaTs: string[] }> = {};
  for (const table of schemaTables) {
    const { name } = getTableConfig(table);
    const database = all.get(`${getTableConfig(table).schema ?? 'public'}.${name}`) ?? [];
    const declared = all.get(`${SCRATCH}.${name}`) ?? [];
    const onlyInDatabase = database.filter((line) => !declared.includes(line));
    const onlyInSchemaTs = declared.filter((line) => !database.includes(line));
    if (onlyInDatabase.length || onlyInSchemaTs.length) found[name] = { onlyInDatabase, onlyInSchemaTs };
  }
  return found;
}

describe('the migrated database is what schema.ts declares', () => {
  const env = useApi();

  test('the database has the tables of schema.ts and no other (drizzle keeps its journal in its own schema)', async () => {
    expect(schemaTables.length).toBeGreaterThan(20);
    expect(await databaseTables(env.database.db)).toEqual(schemaTables.map(tableName).sort());
  });

  test("every table's columns (type, nullability, default), keys, foreign keys, unique constraints, checks and indexes match schema.ts", async () => {
    const found = await withSchemaBuilt(env.database.db, (tx) => differences(tx));
    expect(found, 'schema.ts and the migrations disagree: change schema.ts or add a migration').toEqual({});
  });

  test('what the database has outside its tables is the known list of what drizzle cannot declare', async () => {
    expect(await otherObjects(env.database.db)).toEqual([...OUTSIDE_SCHEMA_TS].sort());
  });

  test('the comparison sees a column, a constraint and an index that only the database has', async () => {
    const found = await withSchemaBuilt(env.database.db, async (tx) => {
      await tx.execute(sql.raw(`ALTER TABLE "page_views" ADD COLUMN "drift" text DEFAULT 'x'`));
      await tx.execute(sql.raw(`ALTER TABLE "page_views" ADD CONSTRAINT "page_views_drift_check" CHECK ("count" >= 0)`));
      await tx.execute(sql.raw(`CREATE INDEX "page_views_drift_idx" ON "page_views" ("path") WHERE "count" > 0`));
      return differences(tx);
    });
    expect(found).toEqual({
      page_views: {
        onlyInDatabase: [
          `column drift text NULL DEFAULT 'x'::text`,
          'constraint page_views_drift_check CHECK ((count >= 0))',
          'index CREATE INDEX page_views_drift_idx ON page_views USING btree (path) WHERE (count > 0)',
        ],
        onlyInSchemaTs: [],
      },
    });
  });
});
