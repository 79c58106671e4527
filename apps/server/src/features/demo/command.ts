import type { Config } from '../../config.ts';
import type { Database, Db } from '../../infra/db/client.ts';
import type { ControlReply } from '../../infra/control-channel.ts';
import type { BlobStore } from '../../infra/storage.ts';
import { DEMO_DEFAULT_COUNT, DEMO_DEFAULT_SEED, DEMO_MAX_COUNT } from './defaults.ts';

// `npm run seed:demo [-- --count N] [--seed N] [--no-photos] [--reset] [--allow-production]`: fills
// the talent pool with realistic demo freelancers (features/demo), so search, the company home's
// panels and the shortlist loop can be tried at once. Same configuration and database as the server
// (DATABASE_URL, or the embedded database in DATA_DIR). The embedded database has one owner: while a
// server holds it, the command goes over that server's control channel (infra/control-channel.ts,
// as `npm run operator` does) and the server seeds its own database; with no server there, the
// command opens the database itself (cli/seed-demo.ts runs this). Idempotent: a second run tops the set up to N or says it is there. --reset removes
// every demo user and everything of theirs. Refused with NODE_ENV=production unless
// --allow-production is given.

export const SEED_DEMO_USAGE = `Usage: npm run seed:demo [-- options]
  --count N           how many demo profiles there should be (default 200)
  --seed N            which generated people (default 20; the same seed gives the same profiles)
  --no-photos         no generated photos (faster for large counts)
  --reset             remove every demo profile (then seed again only when --count is given)
  --allow-production  run even with NODE_ENV=production`;

export type SeedDemoArgs = { count: number; countGiven: boolean; seed: number; photos: boolean; reset: boolean; allowProduction: boolean };

/** The command line, or a message saying what is wrong with it. */
export function parseSeedDemoArgs(argv: readonly string[], defaults: { count: number; seed: number }): SeedDemoArgs | string {
  const args: SeedDemoArgs = {
    count: defaults.count,
    countGiven: false,
    seed: defaults.seed,
    photos: true,
    reset: false,
    allowProduction: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    const [name, inline] =
      arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const value = () => inline ?? argv[++i];
    if (name === '--count' || name === '--seed') {
      const raw = value();
      if (raw === undefined || !/^\d{1,7}$/.test(raw)) return `${name} needs a whole number, e.g. ${name} 200`;
      if (name === '--count') {
        if (Number(raw) > DEMO_MAX_COUNT) return `--count can be at most ${DEMO_MAX_COUNT}`;
        args.count = Number(raw);
        args.countGiven = true;
      } else args.seed = Number(raw);
    } else if (name === '--no-photos') args.photos = false;
    else if (name === '--reset') args.reset = true;
    else if (name === '--allow-production') args.allowProduction = true;
    else return `Unknown option ${arg}`;
  }
  return args;
}

export type SeedDemoIo = {
  env: NodeJS.ProcessEnv;
  out: (line: string) => void;
  err: (line: string) => void;
  /** The database and blob store to use; by default the server's, from the configuration. */
  open?: () => Promise<{ db: Db; blobs: BlobStore; close: () => Promise<void> }>;
};

async function openFromConfig(env: NodeJS.ProcessEnv) {
  const [{ loadConfig }, { databaseOptions, openDatabase }, { openBlobStore }, { systemClock }] = await Promise.all([
    import('../../config.ts'),
    import('../../infra/db/client.ts'),
    import('../../infra/blob-store.ts'),
    import('../../infra/clock.ts'),
  ]);
  const config = loadConfig(env);
  const database = await openDatabase(databaseOptions(config));
  try {
    const store = await openBlobStore(config, database, systemClock);
    return {
      db: database.db,
      blobs: store.blobs,
      close: async () => {
        store.close();
        await database.close();
      },
    };
  } catch (err) {
    await database.close();
    throw err;
  }
}

/** How long the command line waits for the running server's next line (its progress or answer). */
const SERVER_QUIET_LIMIT_MS = 30 * 60_000;

/**
 * Hands the command to the server holding the embedded database, if one does: its exit code, or
 * null (PostgreSQL, or no server listening) to open the database here.
 */
async function seedThroughServer(argv: readonly string[], io: SeedDemoIo): Promise<number | null> {
  const [{ loadConfig }, { sendControlCommand }] = await Promise.all([import('../../config.ts'), import('../../infra/control-channel.ts')]);
  const config = loadConfig(io.env);
  if (config.databaseUrl || config.dataDir === 'memory://') return null;
  const reply = await sendControlCommand(
    config.dataDir,
    { command: 'seed-demo', email: '', args: [...argv] },
    SERVER_QUIET_LIMIT_MS,
    io.out,
  );
  if (!reply) return null;
  if (!reply.ok) {
    io.err(reply.error);
    return 1;
  }
  for (const line of reply.out ?? []) io.out(line);
  for (const line of reply.err ?? []) io.err(line);
  return Number(reply.result);
}

/**
 * The running server's side of `seed-demo` on its control channel: the same command on the
 * server's own database, its report sent back line by line (`progress`). NODE_ENV=production is
 * the command line's to check (its own environment, before sending): `npm start` runs the server
 * with NODE_ENV=production on a newcomer's machine too.
 */
export function seedDemoControlHandler(config: Pick<Config, 'blobStore' | 'dataDir' | 's3'>, database: Database) {
  return async (args: readonly string[], progress: (line: string) => void): Promise<ControlReply> => {
    const [{ openBlobStore }, { systemClock }] = await Promise.all([import('../../infra/blob-store.ts'), import('../../infra/clock.ts')]);
    const err: string[] = [];
    const code = await seedDemoCommand(args, {
      env: {},
      out: progress,
      err: (line) => err.push(line),
      open: async () => {
        const store = await openBlobStore(config, database, systemClock);
        return { db: database.db, blobs: store.blobs, close: async () => store.close() };
      },
    });
    return { ok: true, result: String(code), err };
  };
}

/** The command; answers the exit code (0 done, 1 failed, 2 usage or refused). */
export async function seedDemoCommand(argv: readonly string[], io: SeedDemoIo): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    io.out(SEED_DEMO_USAGE);
    return 0;
  }
  const args = parseSeedDemoArgs(argv, { count: DEMO_DEFAULT_COUNT, seed: DEMO_DEFAULT_SEED });
  if (typeof args === 'string') {
    io.err(`${args}\n${SEED_DEMO_USAGE}`);
    return 2;
  }
  if (String(io.env.NODE_ENV ?? '').toLowerCase() === 'production' && !args.allowProduction) {
    io.err(
      'Refused: NODE_ENV=production. Demo profiles are fake people in the talent pool; add --allow-production if you really want them on this server.',
    );
    return 2;
  }
  if (!io.open) {
    const viaServer = await seedThroughServer(argv, io);
    if (viaServer !== null) return viaServer;
  }
  const [{ seedDemo, resetDemo }, { createFileStorage }] = await Promise.all([import('./seed.ts'), import('../../infra/storage.ts')]);
  let opened: Awaited<ReturnType<NonNullable<SeedDemoIo['open']>>>;
  try {
    opened = await (io.open ?? (() => openFromConfig(io.env)))();
  } catch (err) {
    // The embedded database is held by a running server (its data-directory lock): say so plainly.
    if ((err as { code?: unknown }).code === 'DATA_DIR_IN_USE') {
      io.err(`Refused: ${(err as Error).message}`);
      return 2;
    }
    throw err;
  }
  const { db, blobs, close } = opened;
  try {
    const started = performance.now();
    if (args.reset) {
      const { removed, photos } = await resetDemo(db, blobs);
      io.out(removed ? `Removed ${removed} demo profiles and ${photos} demo photos.` : 'There were no demo profiles to remove.');
      if (!args.countGiven) return 0;
    }
    let lastReport = 0;
    const result = await seedDemo(db, {
      count: args.count,
      seed: args.seed,
      storage: args.photos ? createFileStorage(db, blobs) : null,
      onBatch: (done, total) => {
        if (total >= 5_000 && (done === total || performance.now() - lastReport > 2_000)) {
          lastReport = performance.now();
          io.out(`  ${done} / ${total}`);
        }
      },
    });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    if (result.created === 0) {
      io.out(`There are already ${result.existing} demo profiles (asked for ${args.count}): nothing to add.`);
    } else {
      io.out(
        `Added ${result.created} demo profiles (${result.existing} were already there, ${result.total} now)${result.photos ? `, ${result.photos} with a generated photo` : ''}, in ${seconds} s.`,
      );
      io.out(
        "They are vetted and open to work, so companies find them in talent search, marked 'Demo profile'. They cannot sign in and are never mailed. Remove them with: npm run seed:demo -- --reset",
      );
    }
    return 0;
  } catch (err) {
    io.err(`Seeding demo profiles failed: ${(err as Error).message}`);
    return 1;
  } finally {
    await close();
  }
}
