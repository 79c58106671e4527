import { loadConfig } from './config.ts';
import { databaseOptions, exitWhenDatabaseLost, openDatabase } from './infra/db/client.ts';

// Only opens the database, listens and shuts down gracefully; everything else is in app.ts.
const config = loadConfig();
// The database opens first (embedded PGlite in its worker thread, on another core) while this
// thread loads the app's modules: a start costs the longer of the two, not their sum.
const opening = openDatabase(databaseOptions(config));
opening.catch(() => {});
const { buildApp } = await import('./app.ts');
const database = await opening.catch((err: Error & { code?: string }) => {
  // Another process holds the embedded data directory (infra/db/data-dir-lock.ts): say who, no stack.
  if (err.code !== 'DATA_DIR_IN_USE') throw err;
  process.stderr.write(`${err.message}\n`);
  process.exit(1);
});
const { app, close: closeApp, drain } = await buildApp({ config, database });
// The embedded database has one owner (this process): the operator command line and `npm run
// seed:demo` reach it over this machine-local channel instead of opening the data directory
// (cli/operator.ts, features/demo/command.ts).
const control =
  database.kind === 'pglite' && config.dataDir !== 'memory://'
    ? await (async () => {
        const [{ startControlChannel }, { operatorControlHandler }, { seedDemoControlHandler }] = await Promise.all([
          import('./infra/control-channel.ts'),
          import('./features/operator-accounts/operator-role.ts'),
          import('./features/demo/command.ts'),
        ]);
        const operator = operatorControlHandler(database.db);
        const seedDemo = seedDemoControlHandler(config, database);
        // Without it the server still serves; only `npm run operator` cannot reach it (it says so).
        return startControlChannel({
          dataDir: config.dataDir,
          handle: (request, progress) => (request.command === 'seed-demo' ? seedDemo(request.args ?? [], progress) : operator(request)),
          log: app.log,
        }).catch((err: unknown) => {
          app.log.warn({ err }, 'the operator control socket could not be opened (a data directory path too long for a socket?)');
          return null;
        });
      })()
    : null;
const close = async () => {
  await control?.close();
  await closeApp();
  await database.close();
};
// A dead database thread cannot come back in this process: exit so a supervisor restarts it.
exitWhenDatabaseLost(database, app.log);

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal, inFlight: drain.inFlight }, 'shutting down: finishing in-flight requests');
    // The whole shutdown is bounded: the grace period for requests in flight, a little for the rest.
    const force = setTimeout(() => {
      app.log.error('shutdown took too long: exiting');
      process.exit(1);
    }, config.shutdownGraceMs + 5_000);
    force.unref();
    // Still listening: new requests get 503 with `Connection: close` (http/draining.ts) until the
    // requests in flight are answered or the grace period ends; then connections left are closed.
    const finished = await drain.drain(config.shutdownGraceMs);
    if (!finished) {
      app.log.warn({ inFlight: drain.inFlight, graceMs: config.shutdownGraceMs }, 'grace period over: closing the connections left');
      app.server.closeAllConnections();
    }
    app.log.info('closing: no longer listening, closing the database and mail');
    await close();
    app.log.info('shut down');
    process.exit(0);
  });
}

try {
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Talentloop is serving on ${config.publicUrl}`);
  // A first run: nobody can open the console yet. One plain line on stdout (beside the JSON log)
  // says the one command that makes an operator.
  const [{ firstOperatorHint }, { paths }] = await Promise.all([
    import('./features/operator-accounts/operator-role.ts'),
    import('@talentloop/contract'),
  ]);
  const hint = await firstOperatorHint(database.db, `${config.publicUrl}${paths.signup}`).catch(() => null);
  if (hint) process.stdout.write(`${hint}\n`);
} catch (err) {
  app.log.error({ err }, 'could not start');
  await close();
  process.exit(1);
}
