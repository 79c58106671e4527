#!/usr/bin/env node
// Import boundaries as a check, not a habit (issue 33, decision 178). Run by `npm run lint`.
//   1. apps/web: ui/ and lib/ never import a feature (shared -> features -> app, one way).
//   2. apps/web and apps/server: a feature imports another feature only through that feature's
//      public face: the files listed in FACES below. Any other file of a feature is its own.
//      A feature's queries.ts is never part of a face (decision 267): no face lists it, no other
//      feature imports it, and no face file re-exports a value of it (`export { x } from
//      './queries.ts'`, `export *`, or `export { x }` of a value imported from it). A face offers
//      service functions that call its queries; a type re-export (`export type`) runs no SQL.
//   3. apps/server: SQL only in queries (issue 33, decision 186): no file of a server feature but its
//      queries.ts holds raw SQL (the sql`` tag) or runs a statement on the database or a transaction
//      (db./tx. select, insert, update, delete, execute, query); services call queries. The files in
//      SQL_ELSEWHERE are the documented exceptions, each with its reason.
// Import cycles are Biome's `suspicious/noImportCycles` (biome.json), not this script's.
// Usage: node scripts/check-boundaries.mjs [root]  (root defaults to the repository; tests point it at a copy).
// Prints each offending import as `file:line: 'specifier' -> reason` and exits 1 when there is one.
import fs from 'node:fs';
import path from 'node:path';

/**
 * Each feature's public face: the files other features may import (paths inside the feature folder).
 * Keep a face small: a new entry is a design choice (what the feature offers others), not a way
 * around the check. A feature with no entry offers nothing.
 */
export const FACES = {
  'apps/web/src/features': {
    // The profile editor's view page composes the account and portfolio sections.
    account: [
      'delete-account-dialog.tsx',
      'download-data.tsx',
      'my-profile-card.tsx',
      'notifications-section.tsx',
      'privacy-section.tsx',
      'security-section.tsx',
      'payout-details-section.tsx',
    ],
    portfolio: ['portfolio-section.tsx'],
    // The editor's API hooks, section frame and menu, used by the sections other features render in it.
    'profile-editor': ['api/keys.ts', 'api/get-section.ts', 'editor-menu.ts', 'sections/section-body.tsx'],
  },
  'apps/server/src/features': {
    account: ['privacy.ts', 'slug.ts'],
    audit: ['audit.ts'],
    auth: ['cookies.ts', 'deps.ts', 'lockout.ts', 'passwords.ts', 'sessions.ts'],
    // Issue 34: engagements read billing readiness and issue invoices; invoices post to the ledger.
    billing: ['service.ts'],
    codes: ['service.ts'],
    company: ['service.ts'],
    'company-settings': ['service.ts'],
    'company-verification': ['evidence.ts', 'routes.ts', 'service.ts'],
    // The bench's sweep row runs the automatic approval itself (decision 240).
    engagements: ['sweep.ts'],
    'freelancer-profile': ['completion.ts', 'service.ts', 'versions.ts'],
    invoices: ['service.ts'],
    ledger: ['service.ts'],
    // Issue 36: interviews, shortlists and engagements add dated system lines to a conversation.
    messages: ['system-lines.ts'],
    'operator-accounts': ['operator-role.ts'],
    // Issue 35: the payout file's CSV is the operators' one CSV writer (formula cells escaped).
    partners: ['csv.ts'],
    portfolio: ['service.ts'],
    'public-profile': ['service.ts'],
    reference: ['load.ts'],
    // Issue 35: the console's badges count receipts; approving a milestone releases its funding.
    receipts: ['service.ts'],
    // Issue 35's bench rows run the real payout batch (BENCH_CONTROLS=on only).
    payouts: ['service.ts'],
    reviews: ['hires.ts', 'service.ts'],
    shortlists: ['service.ts'],
    'support-booking': ['mails.ts'],
    'talent-pool': ['service.ts', 'vetting.ts'],
    // Nothing: writers publish profileChanged (infra/profile-events.ts) and the app subscribes the
    // read model (read-models.ts); no feature reaches into the search (decision 185).
    'talent-search': [],
  },
};

/**
 * Server feature files other than queries.ts that may hold SQL (paths under apps/server/src/features),
 * each a query module by another name or a documented exception. Do not add a service or routes file
 * here: move its statements into the feature's queries.ts as named functions.
 */
export const SQL_ELSEWHERE = {
  'audit/audit.ts': "the audit log writer, one insert in the caller's transaction",
  'auth/lockout.ts': 'the sign-in lockout counters, one statement each',
  'auth/sessions.ts': 'the session store',
  'bench/routes.ts': "the bench's controls (BENCH_CONTROLS=on only, refused with NODE_ENV=production)",
  'bench/ledger-seed.ts': "the bench's journal seeding (BENCH_CONTROLS=on only)",
  'bench/sweep-seed.ts': "the bench's due weeks seeding (BENCH_CONTROLS=on only)",
  'bench/money-seed.ts': "the bench's payables seeding (BENCH_CONTROLS=on only)",
  'bench/messages-seed.ts': "the bench's long-conversation seeding (BENCH_CONTROLS=on only; the messages' plan test shares it)",
  'company-verification/evidence.ts': "the latest verification's evidence and its withdrawal, inside the company profile's saves",
  'demo/seed.ts': "the demo seeder's bulk inserts (json_populate_recordset), one statement per table per batch",
  'freelancer-profile/completion.ts': "the completion's one snapshot read, beside the weighting queries.ts uses (one module, no cycle)",
  'freelancer-profile/versions.ts': "the sections' version counters, one conditional update each",
  'interviews/reminders.ts': "the reminder worker's claim statement",
  'operator-accounts/operator-role.ts': "the operator command line's role change (runs without the app)",
  'reference/load.ts': "the reference tables' loader at start",
  'reviews/hires.ts': "the hire made or removed by a shortlist move, in the move's transaction (the shortlists' way into reviews)",
  'talent-search/pool-index.ts': "the in-memory index's feed from the change log",
  'talent-search/read-model.ts': "the talent search read model's rebuild statements",
  'talent-search/talent-index.ts': "the search engine port's SQL implementation",
  'talent-pool/queue.ts': "the vetting queue's batch reads (one statement per table whatever the queue's length)",
  'talent-search/views.ts': "the profile views' batched write, off the request path",
  'test-seed/routes.ts': "the browser tests' seeding routes (only with TEST_SEED_SECRET set)",
};

// A statement in the code: the raw SQL tag, or the query builder started on a database or transaction.
const SQL_STATEMENT = [
  { re: /\bsql(?:\.raw)?\s*(?:`|\()/g, what: 'raw SQL' },
  {
    re: /\b(?:db|tx|trx)\s*\.\s*(?:select|selectDistinct|selectDistinctOn|insert|update|delete|execute)\s*\(/g,
    what: 'a statement on db/tx',
  },
  { re: /\b(?:db|tx|trx)\s*\.\s*query\s*\.\s*\w/g, what: 'a relational query on db/tx' },
];

/** The text with comments blanked (kept line for line), so a comment naming db.select is no statement. */
function withoutComments(text) {
  return text.replace(/\/\*[\s\S]*?\*\/|(^|[^:'"`])\/\/[^\n]*/g, (m, lead) =>
    lead === undefined ? m.replace(/[^\n]/g, ' ') : lead + m.slice(lead.length).replace(/[^\n]/g, ' '),
  );
}

/** Statements outside a server feature's queries.ts (and SQL_ELSEWHERE): `file:line: what -> reason` each. */
export function checkSqlPlaces(repoRoot) {
  const problems = [];
  const root = 'apps/server/src/features';
  for (const rel of Object.keys(SQL_ELSEWHERE)) {
    if (!fs.existsSync(path.join(repoRoot, root, rel))) problems.push(`SQL_ELSEWHERE: ${root}/${rel} does not exist.`);
  }
  for (const file of walk(path.join(repoRoot, root))) {
    const inner = path.relative(path.join(repoRoot, root), file).split(path.sep).join('/');
    if (path.posix.basename(inner) === 'queries.ts' || SQL_ELSEWHERE[inner]) continue;
    const text = withoutComments(fs.readFileSync(file, 'utf8'));
    for (const { re, what } of SQL_STATEMENT) {
      for (const match of text.matchAll(re)) {
        const line = text.slice(0, match.index).split('\n').length;
        problems.push(
          `${root}/${inner}:${line}: ${what} '${match[0].replace(/\s+/g, '')}' -> SQL lives in the feature's queries.ts only: move the statement there as a named function and call it.`,
        );
      }
    }
  }
  return problems;
}

const SHARED_WEB = ['apps/web/src/ui', 'apps/web/src/lib'];
const SOURCE = /\.(ts|tsx|mts|js|mjs)$/;
// Tests may set up state through any file of any feature; the boundary is for the application code.
const TEST = /\.test\.(ts|tsx)$/;
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"]([^'"]+)['"]/gm;

function walk(dir, out = []) {
  if (!fs.existsSync(dir)) return out;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'dist') walk(full, out);
    } else if (SOURCE.test(entry.name) && !TEST.test(entry.name)) out.push(full);
  }
  return out;
}

/** The feature a repository-relative path sits in: { root, name, inner } or null. */
function featureOf(rel) {
  for (const root of Object.keys(FACES)) {
    if (!rel.startsWith(`${root}/`)) continue;
    const [name, ...rest] = rel.slice(root.length + 1).split('/');
    if (rest.length === 0) return null;
    return { root, name, inner: rest.join('/') };
  }
  return null;
}

const isQueries = (file) => path.posix.basename(file) === 'queries.ts';
const QUERIES_ADVICE = "a feature's SQL stays inside it: offer a function of its service.ts that calls the query, and call that.";

/** The value names a list like `a, type B, c as d` binds (`as` picks the side: imported `local`, exported `source`). */
function namesOf(list, side) {
  return list
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part && !part.startsWith('type '))
    .map((part) => {
      const [source, local] = part.split(/\s+as\s+/);
      return side === 'local' ? (local ?? source) : source;
    });
}

/** A face file's re-exports of its feature's queries: `file:line: ...` each. */
function queriesReExports(rel, text) {
  const problems = [];
  const lineOf = (index) => text.slice(0, index).split('\n').length;
  const fromQueries = new Set();
  for (const m of text.matchAll(/^\s*import\s+(type\s+)?\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/gm)) {
    if (!m[1] && isQueries(m[3])) for (const name of namesOf(m[2], 'local')) fromQueries.add(name);
  }
  for (const m of text.matchAll(/^\s*export\s+(type\s+)?(\*(?:\s+as\s+\w+)?|\{([^}]*)\})\s*(?:from\s*['"]([^'"]+)['"])?/gm)) {
    const [, type, what, list, specifier] = m;
    if (type) continue;
    const names = list === undefined ? [what] : namesOf(list, 'source');
    const offending = specifier ? (isQueries(specifier) ? names : []) : names.filter((name) => fromQueries.has(name));
    if (offending.length) {
      problems.push(
        `${rel}:${lineOf(m.index)}: re-exports ${offending.map((n) => `'${n}'`).join(', ')} of its feature's queries.ts -> a public face offers service functions, not its queries: ${QUERIES_ADVICE}`,
      );
    }
  }
  return problems;
}

export function checkBoundaries(repoRoot) {
  const problems = [];
  // A face names files that exist: a moved or renamed file must leave (or change) its entry.
  for (const [root, features] of Object.entries(FACES)) {
    for (const [name, files] of Object.entries(features)) {
      for (const file of files) {
        if (!fs.existsSync(path.join(repoRoot, root, name, file))) problems.push(`FACES: ${root}/${name}/${file} does not exist.`);
        if (isQueries(file))
          problems.push(`FACES: ${root}/${name}/${file} is a feature's queries, never part of its face; ${QUERIES_ADVICE}`);
        else if (fs.existsSync(path.join(repoRoot, root, name, file))) {
          problems.push(...queriesReExports(`${root}/${name}/${file}`, fs.readFileSync(path.join(repoRoot, root, name, file), 'utf8')));
        }
      }
    }
  }
  const roots = ['apps/web/src', 'apps/server/src'];
  for (const srcRoot of roots) {
    for (const file of walk(path.join(repoRoot, srcRoot))) {
      const rel = path.relative(repoRoot, file).split(path.sep).join('/');
      const text = fs.readFileSync(file, 'utf8');
      const from = featureOf(rel);
      const shared = SHARED_WEB.some((dir) => rel.startsWith(`${dir}/`));
      for (const match of text.matchAll(SPECIFIER)) {
        const specifier = match[1];
        if (!specifier.startsWith('.')) continue;
        const target = path.posix.normalize(path.posix.join(path.posix.dirname(rel), specifier));
        const to = featureOf(target);
        if (!to) continue;
        const line = text.slice(0, match.index).split('\n').length;
        const where = `${rel}:${line}: '${specifier}'`;
        if (shared) {
          problems.push(
            `${where} -> ui/ and lib/ must not import a feature (shared -> features -> app); move the shared part into ui/ or lib/.`,
          );
        } else if (from && from.root === to.root && from.name !== to.name) {
          const face = FACES[to.root][to.name] ?? [];
          const offered = face.length ? face.join(', ') : 'nothing';
          if (isQueries(to.inner)) {
            problems.push(
              `${where} -> ${to.root}/${to.name}/${to.inner} is not in the public face of feature '${to.name}' (it offers: ${offered}): it is the feature's queries, never part of a face; ${QUERIES_ADVICE}`,
            );
          } else if (!face.includes(to.inner)) {
            problems.push(
              `${where} -> ${to.root}/${to.name}/${to.inner} is not in the public face of feature '${to.name}' (it offers: ${offered}); import the face, or add the file to FACES in scripts/check-boundaries.mjs as a deliberate choice.`,
            );
          }
        }
      }
    }
  }
  return problems;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = path.resolve(process.argv[2] ?? path.join(path.dirname(new URL(import.meta.url).pathname), '..'));
  const problems = checkBoundaries(root);
  for (const p of problems) console.error(p);
  const sqlProblems = checkSqlPlaces(root);
  for (const p of sqlProblems) console.error(p);
  if (problems.length) console.error(`\n${problems.length} import${problems.length === 1 ? '' : 's'} cross a boundary.`);
  if (sqlProblems.length) console.error(`\n${sqlProblems.length} statement${sqlProblems.length === 1 ? '' : 's'} outside queries.ts.`);
  if (problems.length || sqlProblems.length) process.exit(1);
}
