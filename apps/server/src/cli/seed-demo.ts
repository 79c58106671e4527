import { seedDemoCommand } from '../features/demo/command.ts';

// `npm run seed:demo`: the command is features/demo/command.ts (the running server serves it on
// its control channel too, so it lives with the feature, not in this entry point).

export * from '../features/demo/command.ts';

if (import.meta.url === `file://${process.argv[1]}`) {
  // With no server holding the database, the command writes profiles itself: the read models follow.
  (await import('../read-models.ts')).subscribeReadModels();
  process.exitCode = await seedDemoCommand(process.argv.slice(2), {
    env: process.env,
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
  });
}
