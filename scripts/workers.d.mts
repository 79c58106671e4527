// Types of scripts/workers.mjs, for the TypeScript configs that import it (e2e/playwright.config.ts).
export function workerCount(machine: { cores: number; load: number }): number;
export function testWorkers(env?: Record<string, string | undefined>): number;
