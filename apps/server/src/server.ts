import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';

// Only listens and shuts down gracefully; everything else is in app.ts.
const config = loadConfig();
const { app, close } = await buildApp({ config });

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    // Requests in flight get config.shutdownGraceMs (their connections are closed after it).
    const force = setTimeout(() => process.exit(1), config.shutdownGraceMs + 5_000);
    force.unref();
    await close();
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
