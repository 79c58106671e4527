import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';

// Only listens and shuts down gracefully; everything else is in app.ts.
const config = loadConfig();
const { app, close, drain } = await buildApp({ config });

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
} catch (err) {
  app.log.error({ err }, 'could not start');
  await close();
  process.exit(1);
}
