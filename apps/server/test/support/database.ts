import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import type { Database, Db } from '../../src/infra/db/client.ts';
import { openDatabase } from '../../src/infra/db/client.ts';
import * as schema from '../../src/infra/db/schema.ts';
import { until } from './clock.ts';

// Database: one fresh database per test file. An in-memory PGlite copied from a migrated template
// (a file's copy reset and handed to the next file when it provably is back in the template
// state), or a new database on the PostgreSQL server named by DATABASE_URL.

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../migrations');

const referenceDataFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/reference-data');
/** The code that loads the lists: how it stores them (and their content hash) shapes the template too. */
const referenceLoader = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/features/reference/load.ts');

async function hashFolder(hash: crypto.Hash, folder: string) {
  for (const file of (await fs.readdir(folder, { recursive: true }).catch(() => [])).sort()) {
    const full = path.join(folder, file);
    if ((await fs.stat(full)).isFile()) hash.update(file).update(await fs.readFile(full));
  }
}

/**
 * 16 hex digits naming a template: the migrations, the reference data, the code that loads it and
 * `extra` (what else shapes it). A template of other loading code held lists the app reloaded at
 * the first start on every copy, several seconds per test file.
 */
async function templateKey(extra: string | Buffer): Promise<string> {
  const hash = crypto.createHash('sha256').update('template v4').update(extra);
  await hashFolder(hash, migrationsFolder);
  await hashFolder(hash, referenceDataFolder);
  hash.update(await fs.readFile(referenceLoader));
  return hash.digest('hex').slice(0, 16);
}

/**
 * Makes `database` what the app leaves after its first start on an empty database (migrations
 * applied, reference lists loaded), less the secrets it generated: the state of every template.
 */
async function prepareTemplate(database: Database): Promise<void> {
  const { close } = await buildApp({
    config: { ...loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: 'memory://' }), webDist: '/nonexistent-web-dist' },
    database,
  });
  await close();
  await database.db.delete(schema.appSecrets);
}

/**
 * An in-memory PGlite data directory in the template state (prepareTemplate), made once and kept
 * in the temp directory under a name derived from the migrations, the reference data and the
 * PGlite build. Creating a PGlite database and loading the lists costs seconds of CPU; loading
 * this copy costs a fraction. Read once per process: every file's database starts from the same
 * bytes (openDatabase copies them into its worker).
 */
let pgliteTemplateBytes: Promise<Blob> | undefined;
export function pgliteTemplate(): Promise<Blob> {
  pgliteTemplateBytes ??= makePgliteTemplate();
  pgliteTemplateBytes.catch(() => {
    pgliteTemplateBytes = undefined;
  });
  return pgliteTemplateBytes;
}

async function makePgliteTemplate(): Promise<Blob> {
  // The PGlite build: its package.json, found from its entry point (package.json is not exported).
  // (createRequire: Vitest's module runner, which loads the global setup, has no import.meta.resolve.)
  let dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (!(await fs.stat(path.join(dir, 'package.json')).catch(() => null)) && dir !== path.dirname(dir)) dir = path.dirname(dir);
  const key = await templateKey(await fs.readFile(path.join(dir, 'package.json')).catch(() => Buffer.from('unknown')));
  const templateFile = path.join(os.tmpdir(), `talentloop-pglite-template-${key}.tar`);
  try {
    return new Blob([await fs.readFile(templateFile)]);
  } catch {}
  const database = await openDatabase({ dataDir: 'memory://' });
  try {
    await prepareTemplate(database);
    // The test copies run without durability, as the suite's PostgreSQL server does
    // (scripts/with-postgres.sh): nothing survives a test run, so no flush, no full-page images and
    // no zero-filled WAL segments (written into PGlite's in-memory file system, they cost CPU).
    // The settings are the data directory's own (postgresql.auto.conf), so every copy starts with them.
    for (const setting of ['fsync = off', 'synchronous_commit = off', 'full_page_writes = off', 'wal_init_zero = off']) {
      await database.db.execute(sql.raw(`ALTER SYSTEM SET ${setting}`));
    }
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const dump = await client.dumpDataDir('none');
    const partial = `${templateFile}.${process.pid}.${crypto.randomUUID()}`;
    await fs.writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await fs.rename(partial, templateFile);
    // Templates of older schemas are of no further use.
    for (const name of await fs.readdir(os.tmpdir())) {
      const old = path.join(os.tmpdir(), name);
      if (/^talentloop-pglite-template-[0-9a-f]{16}\.tar$/.test(name) && old !== templateFile) await fs.rm(old, { force: true });
    }
    return dump;
  } finally {
    await database.close();
  }
}

/** The same as the server's openDatabase for PGlite, but starting from the migrated template. */
async function openPgliteCopy(): Promise<Database> {
  // The same arrangement as the server: PGlite in a worker thread, started from the migrated template.
  const database = await openDatabase({ dataDir: 'memory://', loadDataDir: await pgliteTemplate() });
  if (!templateState) {
    templateState = recordTemplateState(database.db);
    templateState.catch(() => {
      templateState = undefined;
    });
    await templateState.catch(() => {});
  }
  return database;
}

/**
 * A PGlite copy costs a worker thread, its WASM start, loading the template and warming PGlite's
 * code and caches: seconds of CPU per test file, a third of the suite's. So a file's copy, once its
 * tests are done, is reset to the template state and becomes the next file's database, when (and
 * only when) it can be shown to be in that state: every table the template has empty is truncated
 * (identities restarted), the session is discarded (DISCARD ALL), and a fingerprint of the schema
 * (tables, columns, defaults, constraints, indexes, triggers, functions, types, extensions,
 * sequences), of the session's settings, prepared statements and advisory locks, and of the content
 * of the tables the template fills (the reference lists, the migration journal) must equal the
 * fingerprint of a fresh copy. Anything else (a trigger a test left, a changed reference row, an
 * app still open on it) closes the copy and a fresh one opens.
 */
type TemplateState = { truncate: string; fingerprint: string; fingerprintSql: string };
let templateState: Promise<TemplateState> | undefined;

const USER_NAMESPACE = "n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_%'";

/** The rows of a statement written out in full (the catalogue queries below). */
async function rowsOf<T>(db: Db, text: string): Promise<T[]> {
  return ((await db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;
}

async function recordTemplateState(db: Db): Promise<TemplateState> {
  const tables = await rowsOf<{ name: string }>(
    db,
    `SELECT format('%I.%I', n.nspname, c.relname) AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE c.relkind IN ('r', 'p') AND ${USER_NAMESPACE} ORDER BY 1`,
  );
  const empty: string[] = [];
  const filled: string[] = [];
  for (const { name } of tables) {
    const [row] = await rowsOf<{ filled: boolean }>(db, `SELECT EXISTS (SELECT 1 FROM ${name}) AS filled`);
    (row?.filled ? filled : empty).push(name);
  }
  const items = [
    `SELECT 'rel ' || c.oid::regclass::text || ' ' || c.relkind::text || c.relpersistence::text FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE ${USER_NAMESPACE}`,
    `SELECT 'col ' || a.attrelid::regclass::text || '.' || a.attname || ' ' || format_type(a.atttypid, a.atttypmod) || ' ' || a.attnotnull::text || ' ' || coalesce(pg_get_expr(d.adbin, d.adrelid), '') FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum WHERE ${USER_NAMESPACE} AND a.attnum > 0 AND NOT a.attisdropped`,
    `SELECT 'con ' || c.conrelid::regclass::text || ' ' || c.conname || ' ' || pg_get_constraintdef(c.oid) FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace WHERE ${USER_NAMESPACE}`,
    `SELECT 'idx ' || pg_get_indexdef(i.indexrelid) FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_namespace n ON n.oid = c.relnamespace WHERE ${USER_NAMESPACE}`,
    `SELECT 'trg ' || t.tgrelid::regclass::text || ' ' || t.tgname || ' ' || t.tgenabled::text FROM pg_trigger t WHERE NOT t.tgisinternal`,
    `SELECT 'fn ' || p.oid::regprocedure::text || ' ' || md5(coalesce(p.prosrc, '')) FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE ${USER_NAMESPACE}`,
    `SELECT 'type ' || t.oid::regtype::text FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace WHERE ${USER_NAMESPACE}`,
    `SELECT 'ext ' || extname || ' ' || extversion FROM pg_extension`,
    `SELECT 'seq ' || schemaname || '.' || sequencename || ' ' || coalesce(last_value::text, '-') FROM pg_sequences`,
    `SELECT 'set ' || name || '=' || setting FROM pg_settings WHERE source <> 'default'`,
    `SELECT 'lock ' || locktype || ' ' || mode FROM pg_locks WHERE locktype = 'advisory'`,
    `SELECT 'prepared ' || name FROM pg_prepared_statements`,
    ...filled.map((t) => `SELECT 'data ${t} ' || count(*) || ' ' || coalesce(sum(hashtext(r::text)::bigint), 0) FROM ${t} r`),
  ];
  const fingerprintSql = `SELECT md5(string_agg(item, E'\\n' ORDER BY item)) AS fingerprint FROM (${items.map((q) => `(${q})`).join(' UNION ALL ')}) AS items(item)`;
  return {
    truncate: `TRUNCATE TABLE ${empty.join(', ')} RESTART IDENTITY CASCADE`,
    fingerprint: await fingerprintOf(db, fingerprintSql),
    fingerprintSql,
  };
}

async function fingerprintOf(db: Db, fingerprintSql: string): Promise<string> {
  const [row] = await rowsOf<{ fingerprint: string }>(db, fingerprintSql);
  return String(row?.fingerprint);
}

/** Apps open on a database client (startTestApp): a copy is reset only when none is. */
const openApps = new Map<unknown, number>();
const clientOf = (db: Db): unknown => (db as unknown as { $client: unknown }).$client;

/** Marks an app open on `database` until the returned function is called (a copy in use is never reset). */
export function holdDatabase(database: Database): () => void {
  const client = clientOf(database.db);
  openApps.set(client, (openApps.get(client) ?? 0) + 1);
  return () => openApps.set(client, (openApps.get(client) ?? 1) - 1);
}

/** Resets a PGlite copy to the template state; answers whether it is (a leftover open transaction would hold the reset: given up). */
async function resetToTemplate(database: Database): Promise<'reset' | 'not reset' | 'stuck'> {
  const state = await templateState?.catch(() => undefined);
  if (database.kind !== 'pglite' || !state || openApps.get(clientOf(database.db))) return 'not reset';
  const reset = (async () => {
    // The audit log refuses TRUNCATE (its trigger, migration 0019): the reset, a superuser on its own
    // copy, runs with triggers off (origin triggers do not fire for a replica); DISCARD ALL below
    // restores the setting, and the fingerprint would show it if it did not.
    await database.db.execute(sql.raw('SET session_replication_role = replica'));
    await database.db.execute(sql.raw(state.truncate));
    // Session state too (prepared statements, temporary tables, settings), as a new session has it.
    await database.db.execute(sql.raw('DISCARD ALL'));
    return (await fingerprintOf(database.db, state.fingerprintSql)) === state.fingerprint ? 'reset' : 'not reset';
  })().catch(() => 'not reset' as const);
  // The reset waits for its statements (state); the timer only catches a copy that can never answer
  // (a test left a transaction open on it, which holds PGlite's one connection forever). A last-resort
  // guard, generous for a loaded machine where the reset takes seconds (decision 182): a reset that
  // passed it on a slow machine only costs a fresh copy, never a wrong result.
  let timer: NodeJS.Timeout | undefined;
  const stuck = new Promise<'stuck'>((resolve) => {
    timer = setTimeout(() => resolve('stuck'), 120_000);
  });
  try {
    return await Promise.race([reset, stuck]);
  } finally {
    clearTimeout(timer);
  }
}

/** The next file's PGlite database, when one is ready or opening. */
let nextPglite: Promise<Database> | undefined;

/**
 * Ends a file's use of its database: a PGlite copy shown to be back in the template state is kept
 * for the next file; anything else is closed (a PGlite copy then opens for the next file meanwhile).
 */
export async function releaseTestDatabase(database: Database): Promise<void> {
  const outcome = nextPglite ? 'not reset' : await resetToTemplate(database);
  if (outcome === 'reset') {
    nextPglite = Promise.resolve(database);
    return;
  }
  // A copy held by an open transaction cannot even close: left to the process's end (idle, unref'd).
  if (outcome !== 'stuck') await database.close();
  if (database.kind === 'pglite' && !nextPglite) {
    nextPglite = openPgliteCopy();
    // A failure is reported to the file that takes it.
    nextPglite.catch(() => {});
  }
}

/** Runs `use` on a connection of its own to the server's maintenance database (DATABASE_URL). */
async function onServer<T>(serverUrl: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

/** Waits until nothing is connected to database `name` (a pool's end() returns before its connections have closed). */
async function disconnected(client: pg.Client, name: string): Promise<void> {
  const connected = async () =>
    (await client.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name])).rows[0]?.n ?? 0;
  // Waits by state; 120 s is a last-resort guard (decision 182), after which the caller goes on (a
  // forced drop, or a rename that fails saying the database is in use).
  await until(async () => (await connected()) === 0, `the connections to ${name} to close`, 120_000).catch(() => {});
}

/**
 * The PostgreSQL equivalent of the PGlite template: a database on the server in the template
 * state, named after the migrations and reference data, made once per server (under an advisory
 * lock, so processes starting together make it once) and copied by CREATE DATABASE ... TEMPLATE
 * for every test file. Migrating an empty database and loading the reference lists took about two
 * seconds of the server's time per file.
 */
let postgresTemplateName: Promise<string> | undefined;
function postgresTemplate(serverUrl: string): Promise<string> {
  postgresTemplateName ??= makePostgresTemplate(serverUrl);
  postgresTemplateName.catch(() => {
    postgresTemplateName = undefined;
  });
  return postgresTemplateName;
}

async function makePostgresTemplate(serverUrl: string): Promise<string> {
  const name = `tl_template_${await templateKey('postgres')}`;
  return onServer(serverUrl, async (c) => {
    await c.query('SELECT pg_advisory_lock(727275)');
    try {
      if ((await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount) return name;
      // Made under another name and renamed when whole: a run stopped halfway leaves no half template.
      const partial = `${name}_${crypto.randomUUID().replaceAll('-', '').slice(0, 12)}`;
      await c.query(`CREATE DATABASE ${partial}`);
      const url = new URL(serverUrl);
      url.pathname = `/${partial}`;
      const database = await openDatabase({ databaseUrl: url.toString(), dataDir: 'memory://' });
      try {
        await prepareTemplate(database);
      } finally {
        await database.close();
      }
      await disconnected(c, partial);
      await c.query(`ALTER DATABASE ${partial} RENAME TO ${name}`);
      // Templates of older schemas are of no further use (one still being copied stays).
      const old = await c.query<{ datname: string }>(
        "SELECT datname FROM pg_database WHERE datname LIKE 'tl\\_template\\_%' AND datname <> $1",
        [name],
      );
      for (const { datname } of old.rows) await c.query(`DROP DATABASE IF EXISTS ${datname}`).catch(() => {});
      return name;
    } finally {
      await c.query('SELECT pg_advisory_unlock(727275)');
    }
  });
}

/** A new database on the PostgreSQL server, copied from the template; dropped on close. */
async function openPostgresCopy(serverUrl: string): Promise<Database> {
  const template = await postgresTemplate(serverUrl);
  const name = `t_${crypto.randomUUID().replaceAll('-', '')}`;
  await onServer(serverUrl, (c) => c.query(`CREATE DATABASE ${name} TEMPLATE ${template}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: 'memory://' });
  return {
    ...database,
    async close() {
      await database.close();
      await onServer(serverUrl, async (c) => {
        // A forced drop would kill connections mid-close (an unhandled FATAL 57P01): wait for them.
        await disconnected(c, name);
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      });
    },
  };
}

/**
 * A fresh, migrated database for one test file: an in-memory PGlite (a copy of the template, or
 * the previous file's reset to it), or, when DATABASE_URL names a PostgreSQL server, a new
 * database on it (dropped on close).
 */
export async function openTestDatabase(): Promise<Database> {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) return openPostgresCopy(serverUrl);
  const database = nextPglite ?? openPgliteCopy();
  nextPglite = undefined;
  return database;
}

/**
 * Makes the template the test files copy (the PGlite file in the temp directory, or the template
 * database on the PostgreSQL server DATABASE_URL names) before any file starts: run once per Vitest
 * run by test/support/global-setup.ts. Made inside the first files' setup instead, on a clean clone
 * every worker made its own while the builds and the browser suite took the cores, and a file's
 * beforeAll could pass its ceiling waiting for it (issue 33). A global setup has no time limit: the
 * template is ready when it is ready, and every file's setup is then only a copy.
 */
export async function prepareTestTemplate(): Promise<void> {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) await postgresTemplate(serverUrl);
  else await pgliteTemplate();
}
