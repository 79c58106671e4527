// One Node (issue 19): the Node the project pins (root devDependencies `node`) is the one its
// declarations name, the one the tests run on, and npm knows which install scripts it needs.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
type Manifest = {
  name?: string;
  engines?: Record<string, string>;
  devEngines?: Record<string, { name: string; version?: string; onFail?: string }>;
  workspaces?: string[];
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
};
const read = (file: string): Manifest => JSON.parse(fs.readFileSync(path.join(root, file), 'utf8'));
const rootManifest = read('package.json');
const pinned = rootManifest.devDependencies?.node ?? '';
const major = (version: string) => Number(/(\d+)/.exec(version)?.[1]);

/** Every workspace's package.json, by its path (the root's globs are `dir/*` or a plain dir). */
function workspaceManifests(): Manifest[] {
  return (rootManifest.workspaces ?? []).flatMap((glob) => {
    const dirs = glob.endsWith('/*')
      ? fs.readdirSync(path.join(root, glob.slice(0, -2))).map((d) => path.join(glob.slice(0, -2), d))
      : [glob];
    return dirs.filter((d) => fs.existsSync(path.join(root, d, 'package.json'))).map((d) => read(path.join(d, 'package.json')));
  });
}

describe('the pinned Node', () => {
  it('is an exact version, and the tests run on it', () => {
    expect(pinned).toMatch(/^\d+\.\d+\.\d+$/);
    expect(process.version).toBe(`v${pinned}`);
  });

  it('is what engines and @types/node name, with devEngines describing the Node that runs npm', () => {
    // engines: the line the project runs on, from the pinned release up.
    expect(rootManifest.engines?.node).toBe(`^${pinned}`);
    // The Node API types are the pinned line's.
    expect(major(rootManifest.devDependencies?.['@types/node'] ?? '')).toBe(major(pinned));
    // With devEngines in the root, npm checks that (against the Node npm itself runs on, which may
    // be older) instead of engines: an install started from the machine's Node stays quiet about
    // the project, and warns only below what can run npm and fetch the pinned Node.
    expect(rootManifest.devEngines?.runtime).toMatchObject({ name: 'node', onFail: 'warn' });
    expect(rootManifest.devEngines?.packageManager).toMatchObject({ name: 'npm', onFail: 'warn' });
  });

  it('no workspace ships dev tooling (tsx, esbuild, typescript) as a runtime dependency', () => {
    const tooling = ['tsx', 'esbuild', 'typescript', 'vitest', '@biomejs/biome', 'node'];
    const offenders = workspaceManifests().flatMap((m) =>
      Object.keys(m.dependencies ?? {})
        .filter((dep) => tooling.includes(dep) || dep.startsWith('@types/'))
        .map((dep) => `${m.name}: ${dep}`),
    );
    expect(offenders).toEqual([]);
  });

  it('leaves npm no install script to review: each one installed is approved or denied in allowScripts', () => {
    const out = execFileSync('npm', ['install-scripts', 'ls', '--json'], { cwd: root, encoding: 'utf8' });
    // { allowScripts: [{ name, changes: [{ key: 'name@version', change: 'pending' }] }] }
    const pending = (JSON.parse(out) as { allowScripts: Array<{ changes: Array<{ key: string }> }> }).allowScripts;
    expect(pending.flatMap((p) => p.changes.map((c) => c.key))).toEqual([]);
  });
});
