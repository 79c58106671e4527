import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/contract/src/**/*.test.ts', 'apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          environment: 'node',
          // Each file opens its own database and servers (test/helpers.ts useApi) and keeps no
          // module state, so files can share one module graph: re-importing the server and PGlite
          // for every file doubled the suite's CPU time.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
