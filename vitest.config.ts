import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/contract/src/**/*.test.ts', 'apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'node',
          // One module graph for every file (the happy-dom files swap their own environment in):
          // re-importing React, zod and the contract per file was two thirds of the run's CPU
          // (73 against 24 CPU-seconds). Component tests unmount after each test, and the suite
          // passes with its files shuffled (--sequence.shuffle.files).
          isolate: false,
          // A ceiling, not a wait: in `npm test` these run beside the typecheck, lint and two builds
          // on 2 cores, where a component test that takes 0.7 s alone can take several.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          // The fault suite runs real server processes: its own project (npm run test:faults).
          exclude: [...configDefaults.exclude, 'apps/server/test/faults/**'],
          environment: 'node',
          // Each file opens its own database and servers (test/helpers.ts useApi) and keeps no
          // module state, so files can share one module graph: re-importing the server and PGlite
          // for every file doubled the suite's CPU time.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'faults',
          include: ['apps/server/test/faults/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/server/test/faults/global-setup.ts'],
          // One scenario at a time: each starts servers and a PostgreSQL cluster of its own.
          fileParallelism: false,
          // Upper bounds for a loaded machine (a server's first start can take a minute there).
          testTimeout: 300_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
