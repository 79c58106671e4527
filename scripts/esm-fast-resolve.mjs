// Loaded with `node --import` into the test processes (vitest.config.ts `execArgv`): a module
// resolve hook that spares Node's ESM loader a cost that grows with a package's package.json.
//
// For every file it loads, Node's loader works out the module format from the nearest package.json
// (getPackageScopeConfig), and Node 24 rebuilds that package.json's object each time, parsing its
// `exports` map again (130-140 kB for date-fns and drizzle-orm, a few hundred files each). Loading
// those two packages cost 1.5 CPU-seconds per process and thread against 0.1 with this hook, and
// every test process, and every embedded database's worker thread, loads them.
//
// Both packages declare "type": "module", so every `.js` file inside them is an ES module: for a
// relative or absolute `.js` path inside them the hook answers that file and that format itself.
// Anything else (bare names, `.cjs`, other packages) goes to Node's own resolution unchanged.
import fs from 'node:fs';
import { registerHooks } from 'node:module';
import { pathToFileURL } from 'node:url';

// The packages' folders as URLs, each only while its package.json still says "type": "module".
const ESM_ONLY_PACKAGES = ['date-fns', 'drizzle-orm'].flatMap((name) => {
  const dir = new URL(`../node_modules/${name}/`, import.meta.url);
  try {
    return JSON.parse(fs.readFileSync(new URL('package.json', dir), 'utf8')).type === 'module' ? [dir.href] : [];
  } catch {
    return [];
  }
});

registerHooks({
  resolve(specifier, context, nextResolve) {
    let url;
    if (specifier.startsWith('file://')) url = specifier;
    else if (specifier.startsWith('/')) url = pathToFileURL(specifier).href;
    else if ((specifier.startsWith('./') || specifier.startsWith('../')) && context.parentURL?.startsWith('file:')) {
      url = new URL(specifier, context.parentURL).href;
    }
    if (url?.endsWith('.js') && ESM_ONLY_PACKAGES.some((dir) => url.startsWith(dir))) return { url, format: 'module', shortCircuit: true };
    return nextResolve(specifier, context);
  },
});
