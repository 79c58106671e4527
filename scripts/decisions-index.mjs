// Rewrites the table of docs/decisions/README.md from the records themselves (each file's
// `## NNN. Title` and `Date: ... · Status: ...` lines), so the index never drifts from the files.
// Usage: node scripts/decisions-index.mjs
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = join(import.meta.dirname, '..', 'docs', 'decisions');
const rows = readdirSync(dir)
  .filter((name) => /^\d{3}-.*\.md$/.test(name))
  .sort()
  .map((name) => {
    const text = readFileSync(join(dir, name), 'utf8');
    const heading = /^## (\d+)\. (.+)$/m.exec(text);
    const meta = /^Date: (\S+) · Status: (.+)$/m.exec(text);
    if (!heading || !meta) throw new Error(`${name}: needs '## NNN. Title' and 'Date: YYYY-MM-DD · Status: ...'`);
    return `| ${Number(heading[1])} | [${heading[2]}](${name}) | ${meta[1]} | ${meta[2].trim()} |`;
  });
const readme = join(dir, 'README.md');
const text = readFileSync(readme, 'utf8');
const start = text.indexOf('| # | Title | Date | Status |');
if (start < 0) throw new Error('README.md has no index table');
const head = text.slice(0, start);
// Rows with no record file of their own (a number whose record moved elsewhere) are kept as written.
const numbered = new Set(rows.map((row) => Number(/^\| (\d+) \|/.exec(row)?.[1])));
const kept = text
  .slice(start)
  .split('\n')
  .filter((line) => /^\| \d+ \|/.test(line) && !line.includes('.md)') && !numbered.has(Number(/^\| (\d+) \|/.exec(line)?.[1])));
const all = [...rows, ...kept].sort((a, b) => Number(/^\| (\d+)/.exec(a)?.[1]) - Number(/^\| (\d+)/.exec(b)?.[1]));
writeFileSync(readme, `${head}| # | Title | Date | Status |\n| ---: | --- | --- | --- |\n${all.join('\n')}\n`);
process.stdout.write(`${rows.length} decisions indexed\n`);
