import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import type { FaultCounts } from './support.ts';

// Collects each scenario's counts (written by reportCounts) and prints one table at the end.

export default function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'talentloop-fault-results-'));
  project.provide('faultResultsDir', dir);
  // Node's compile cache, shared by every server process of the run: later starts compile less.
  const cache = fs.mkdtempSync(path.join(os.tmpdir(), 'talentloop-fault-compile-cache-'));
  project.provide('faultCompileCache', cache);
  return () => {
    fs.rmSync(cache, { recursive: true, force: true });
    const rows: FaultCounts[] = fs
      .readdirSync(dir)
      .sort()
      .map((file) => JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as FaultCounts);
    fs.rmSync(dir, { recursive: true, force: true });
    if (rows.length === 0) return;
    const total = (key: 'faults' | 'requests' | 'unexpected5xx' | 'dataLost') => rows.reduce((sum, r) => sum + r[key], 0);
    const table = [
      ['scenario', 'faults injected', 'requests sent', '5xx (not the 503)', 'data lost', 'seconds', 'notes'],
      ...rows.map((r) => [r.scenario, r.faults, r.requests, r.unexpected5xx, r.dataLost, (r.ms / 1000).toFixed(1), r.notes ?? '']),
      ['total', total('faults'), total('requests'), total('unexpected5xx'), total('dataLost'), '', ''],
    ].map((row) => row.map(String));
    const widths = table[0]?.map((_, i) => Math.max(...table.map((row) => row[i]?.length ?? 0))) ?? [];
    const line = (row: string[]) => `| ${row.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join(' | ')} |`;
    const out = [line(table[0] ?? []), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...table.slice(1).map(line)];
    process.stdout.write(`\nFault suite\n${out.join('\n')}\n\n`);
  };
}
