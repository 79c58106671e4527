// Types of scripts/workers.mjs, for the TypeScript configs that import it (e2e/playwright.config.ts, vitest.config.ts).
export function workerCount(machine: { cores: number; load: number; perCore?: number }): number;
export function measureLoad(samples?: number): number;
export function testWorkers(env?: Record<string, string | undefined>, options?: { perCore?: number }): number;
