// A process that starts a throwaway cluster the fault suite's way (startPostgres), prints its port
// and waits to be killed: servers-stopped.test.ts kills it with SIGKILL, so no cleanup of its own
// runs, and checks that the cluster is stopped all the same (scripts/postgres-watchdog.sh).
import { startPostgres } from './postgres.ts';

const cluster = await startPostgres();
process.stdout.write(`${JSON.stringify({ port: cluster.port })}\n`);
setInterval(() => {}, 1 << 30);
