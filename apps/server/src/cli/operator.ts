import type { Db } from '../infra/db/client.ts';
import type { RoleChange } from '../features/operator-accounts/operator-role.ts';

// `npm run operator -- grant <email>` / `revoke <email>`: gives or takes the operator role (who runs
// the console at /admin). Same configuration as the server. Works while the server runs:
// - DATABASE_URL (PostgreSQL): written directly; the server reads the roles on every request.
// - The embedded database in DATA_DIR: one process owns it (infra/db/data-dir-lock.ts). When a
//   server runs there, the command goes over its control channel (`DATA_DIR/control.sock`, this
//   machine's user only: infra/control-channel.ts) and the server applies it; with no server, the
//   database is opened here. Another process holding the directory is refused with its pid.
// Either way the change is the console's (features/operator-accounts/operator-role.ts): never the
// last active operator, written to the audit log as 'command line'. A role change counts at once.

export type { RoleChange };

/** Adds or removes 'operator' on the account with this email (audited as the command line). */
export async function setOperator(db: Db, email: string, grant: boolean): Promise<RoleChange> {
  // Loaded here, not at the top: a usage error answers without loading the database layer.
  const { COMMAND_LINE_ACTOR, changeOperatorRole } = await import('../features/operator-accounts/operator-role.ts');
  return changeOperatorRole(db, { email }, grant, COMMAND_LINE_ACTOR, new Date());
}

const USAGE = 'Usage: npm run operator -- grant <email> | revoke <email>';

/** What the command prints for a result, and its exit code. */
export function describeResult(command: 'grant' | 'revoke', email: string, result: RoleChange): { text: string; exitCode: number } {
  const messages: Record<RoleChange, string> = {
    granted: `${email} is now an operator.`,
    revoked: `${email} is no longer an operator.`,
    unchanged: command === 'grant' ? `${email} is already an operator.` : `${email} was not an operator.`,
    'no-such-user': `No account with the email ${email}.`,
    'last-operator': `${email} is the last active operator: make someone else an operator first.`,
  };
  const failed = result === 'no-such-user' || result === 'last-operator';
  return { text: messages[result], exitCode: failed ? 1 : 0 };
}

type Io = { out: (line: string) => void; err: (line: string) => void };
const processIo: Io = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
};

export async function main(argv: string[], opts: { config?: { databaseUrl?: string; dataDir: string }; io?: Io } = {}): Promise<number> {
  const io = opts.io ?? processIo;
  const [command, email] = argv;
  if ((command !== 'grant' && command !== 'revoke') || !email) {
    io.err(USAGE);
    return 2;
  }
  const report = (result: RoleChange) => {
    const { text, exitCode } = describeResult(command, email, result);
    (exitCode === 0 ? io.out : io.err)(text);
    return exitCode;
  };
  // Loaded only for a real command: a usage error answers at once.
  const config = opts.config ?? (await import('../config.ts')).loadConfig();
  if (!config.databaseUrl && config.dataDir !== 'memory://') {
    // A server running on the embedded database: it applies the command.
    const { sendControlCommand } = await import('../infra/control-channel.ts');
    const reply = await sendControlCommand(config.dataDir, { command, email });
    if (reply) {
      if (!reply.ok) {
        io.err(reply.error);
        return 1;
      }
      return report(reply.result as RoleChange);
    }
  }
  const [{ openDatabase }, { DataDirInUseError }] = await Promise.all([
    import('../infra/db/client.ts'),
    import('../infra/db/data-dir-lock.ts'),
  ]);
  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  } catch (err) {
    if (err instanceof DataDirInUseError) {
      io.err(err.message);
      return 1;
    }
    throw err;
  }
  try {
    return report(await setOperator(database.db, email, command === 'grant'));
  } finally {
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = await main(process.argv.slice(2));
}
