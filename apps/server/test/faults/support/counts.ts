import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect, inject } from 'vitest';

// Counts: each scenario reports what it did; the global teardown prints the table.

export type FaultCounts = {
  scenario: string;
  faults: number;
  requests: number;
  /** 5xx answers other than the intended 503 TL_CORE_00503_E. */
  unexpected5xx: number;
  /** Acknowledged writes or accounts missing after the fault, or partial saves seen. */
  dataLost: number;
  ms: number;
  notes?: string;
};

export function reportCounts(counts: FaultCounts) {
  const dir = inject('faultResultsDir');
  fs.writeFileSync(path.join(dir, `${Date.now()}-${crypto.randomUUID()}.json`), JSON.stringify(counts));
  expect({ scenario: counts.scenario, unexpected5xx: counts.unexpected5xx, dataLost: counts.dataLost }).toEqual({
    scenario: counts.scenario,
    unexpected5xx: 0,
    dataLost: 0,
  });
}

declare module 'vitest' {
  export interface ProvidedContext {
    faultResultsDir: string;
    faultCompileCache: string;
  }
}
