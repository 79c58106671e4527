#!/usr/bin/env node
// The last step of `npm run bench`: merges the parts' JSON (.bench/api-pglite.json,
// .bench/api-postgres.json, .bench/web.json), writes bench-results.json at the repository root,
// prints one table, and with --readme replaces the table in README.md between the bench markers.
//
//   node scripts/bench-table.mjs [--readme]
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const benchDir = path.join(root, '.bench');
const PARTS = [
  { file: 'api-pglite.json', label: 'PGlite' },
  { file: 'api-postgres.json', label: 'PostgreSQL' },
  { file: 'web.json', label: 'web' },
];
const START = '<!-- bench:start -->';
const END = '<!-- bench:end -->';

const rows = [];
const runs = {};
for (const part of PARTS) {
  const file = path.join(benchDir, part.file);
  if (!fs.existsSync(file)) {
    rows.push({
      where: part.label,
      id: part.file,
      name: `(${part.file} missing: that part did not run)`,
      figure: '-',
      control: null,
      ratio: null,
      target: '-',
      pass: null,
      note: '',
    });
    continue;
  }
  const data = JSON.parse(fs.readFileSync(file, 'utf8'));
  runs[part.label] = {
    at: data.at,
    loadAverage: data.loadAverage,
    rounds: data.rounds,
    seconds: data.seconds,
    connections: data.connections,
    users: data.users,
    lighthouseRuns: data.runs,
  };
  for (const r of data.rows) rows.push({ where: part.label, ...r, ratio: Number.isFinite(r.ratio) ? Number(r.ratio.toFixed(3)) : null });
}

const machine = {
  cpus: os.cpus().length,
  cpuModel: os.cpus()[0]?.model ?? 'unknown',
  loadAverage: os.loadavg().map((l) => Number(l.toFixed(2))),
  node: process.version,
};
const result = { at: new Date().toISOString(), machine, runs, rows };
fs.writeFileSync(path.join(root, 'bench-results.json'), `${JSON.stringify(result, null, 2)}\n`);
// In the repository's own format, so `npm run lint` (Biome checks JSON too) stays clean.
spawnSync(path.join(root, 'node_modules/.bin/biome'), ['format', '--write', 'bench-results.json'], { cwd: root, stdio: 'ignore' });

const cell = (v) => String(v ?? '-').replace(/\|/g, '\\|');
const verdict = (p) => (p === null || p === undefined ? 'n/a' : p ? 'pass' : 'miss');
const lines = [
  '| Where | Row | Figure | Control | Ratio | Target | Result | Note |',
  '| --- | --- | --- | --- | --- | --- | --- | --- |',
  ...rows.map(
    (r) =>
      `| ${cell(r.where)} | ${cell(r.name)} | ${cell(r.figure)} | ${cell(r.control)} | ${r.ratio === null ? '-' : `${r.ratio.toFixed(2)}x`} | ${cell(r.target)} | ${verdict(r.pass)} | ${cell(r.note)} |`,
  ),
];
const summary = `${rows.filter((r) => r.pass === true).length} pass, ${rows.filter((r) => r.pass === false).length} miss, ${rows.filter((r) => r.pass === null).length} n/a`;
const heading = `Measured ${result.at.slice(0, 16).replace('T', ' ')} UTC on ${machine.cpus} cores (${machine.cpuModel}), load average (1 min) at the end of each part: ${Object.entries(
  runs,
)
  .map(([k, v]) => `${k} ${v.loadAverage?.[0]?.toFixed(1) ?? '?'}`)
  .join(', ')} (others' work shares the machine), Node ${machine.node}: ${summary}.`;
process.stdout.write(`\n${heading}\n\n${lines.join('\n')}\n\nWrote bench-results.json\n`);

if (process.argv.includes('--readme')) {
  const readmePath = path.join(root, 'README.md');
  const readme = fs.readFileSync(readmePath, 'utf8');
  const a = readme.indexOf(START);
  const b = readme.indexOf(END);
  if (a < 0 || b < a) {
    process.stdout.write(`README.md has no ${START} ... ${END} markers: table not copied there\n`);
  } else {
    const block = `${START}\n${heading}\n\n${lines.join('\n')}\n${END}`;
    fs.writeFileSync(readmePath, readme.slice(0, a) + block + readme.slice(b + END.length));
    process.stdout.write('Updated the table in README.md\n');
  }
}
