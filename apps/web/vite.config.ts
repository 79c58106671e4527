import fs from 'node:fs';
import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { pathToFileURL } from 'node:url';
import { type Plugin, type Rollup, build, defineConfig } from 'vite';

/** Pages served with their route's chunks preloaded: path and the route module. */
const PRELOADED = { '/login': '/src/features/auth/login-page.tsx', '/signup': '/src/features/auth/signup-page.tsx' };

/**
 * Templates the server renders pages into, with their route's chunks preloaded in the same way:
 * templates/<name>.html (a folder the server never serves as files). The public talent page (issue
 * 37) otherwise fetched its route chunk and the query client only after the entry had run, and
 * hydrated late.
 */
const TEMPLATES = { talent: '/src/features/public-profile/talent-page.tsx' };

/**
 * Route preloads (issue 12): after the browser build, pages/login.html and pages/signup.html are
 * index.html (boot splash and all) plus modulepreload links for that page's route chunks, so the
 * browser fetches them beside the entry instead of after it has run. The server sends pages/<name>.html
 * for /<name> and index.html, unchanged, for every other path.
 */
function routePreloads(): Plugin {
  let outDir = '';
  return {
    name: 'talentloop-route-preloads',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle(_options, bundle) {
      const template = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
      const write = (file: string, source: string) => {
        const preload = routeChunks(bundle, source)
          .map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`)
          .join('');
        fs.mkdirSync(path.dirname(file), { recursive: true });
        fs.writeFileSync(file, template.replace('</head>', `${preload}</head>`));
      };
      for (const [url, source] of Object.entries(PRELOADED)) write(path.join(outDir, 'pages', `${url.slice(1)}.html`), source);
      for (const [name, source] of Object.entries(TEMPLATES)) write(path.join(outDir, 'templates', `${name}.html`), source);
    },
  };
}

/** The chunks a route module loads beyond the entry (the entry's own are preloaded already). */
function routeChunks(bundle: Rollup.OutputBundle, source: string): string[] {
  const chunks = Object.values(bundle).filter((c): c is Rollup.OutputChunk => c.type === 'chunk');
  // The app's entry (index.html's script), not the boot script's chunk.
  const entry = chunks.find((c) => c.isEntry && c.facadeModuleId?.endsWith('index.html'));
  const page = chunks.find((c) => c.facadeModuleId?.endsWith(source));
  if (!entry || !page) throw new Error(`route preloads: no chunk for ${source}`);
  const closure = (start: Rollup.OutputChunk) => {
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const dep of (bundle[file] as Rollup.OutputChunk | undefined)?.imports ?? []) visit(dep);
    };
    visit(start.fileName);
    return seen;
  };
  const loaded = closure(entry);
  return [...closure(page)].filter((f) => !loaded.has(f));
}

/**
 * Public pages built as complete HTML (issue 37): path and the file under pages/ the server sends for
 * it (the contract's `paths`; the browser suite's server-rendered spec opens each). The server maps
 * pages/<name>.html to /<name>, and pages/index.html to /.
 */
const BUILT_AHEAD: Record<string, string> = {
  '/': 'index',
  '/terms-condition': 'terms-condition',
  '/privacy-policy': 'privacy-policy',
  // Their forms post to the same paths before (or without) scripts (apps/server/src/features/auth/form-posts.ts).
  '/login': 'login',
  '/signup': 'signup',
};

/** Each chunk's static imports, transitively (file names): what is loaded whenever that chunk runs. */
const loadedWith = new Map<string, Set<string>>();

/**
 * A lazy import's preload list (Vite's `__vite__mapDeps`, written into the importing chunk) without
 * the chunks the importer has loaded already (issue 37: the entry held every lazy route's list,
 * React and the runtime included, in the first load). Taken before Vite writes the lists.
 */
function chunkClosures(): Plugin {
  return {
    name: 'talentloop-chunk-closures',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    generateBundle: {
      order: 'pre',
      handler(_options, bundle) {
        loadedWith.clear();
        const closure = (file: string, seen = new Set<string>()) => {
          for (const dep of (bundle[file] as Rollup.OutputChunk | undefined)?.imports ?? []) {
            if (!seen.has(dep)) {
              seen.add(dep);
              closure(dep, seen);
            }
          }
          return seen;
        };
        for (const chunk of Object.values(bundle)) if (chunk.type === 'chunk') loadedWith.set(chunk.fileName, closure(chunk.fileName));
      },
    },
  };
}

const withoutLoaded = (_file: string, deps: string[], { hostId, hostType }: { hostId: string; hostType: 'html' | 'js' }) =>
  hostType === 'js' ? deps.filter((dep) => !loadedWith.get(hostId)?.has(dep)) : deps;

/** The server-side bundle's folder inside the web build (the server refuses to serve it as a file). */
const SERVER_DIR = 'server';

/**
 * React's server rendering (issue 37): after the browser build, the same app is bundled for Node as
 * <outDir>/server/entry-server.js (self-contained: the server loads it from wherever the build
 * lies). The Fastify server renders public talent pages with it per request; the build renders the
 * static public pages (BUILT_AHEAD) with it into pages/.
 */
function serverRender(): Plugin {
  let outDir = '';
  let root = '';
  let mode = 'production';
  // The boot script (src/boot.ts, issue 37): its own small chunk, the only script a page drawn ahead
  // fetches before its first paint; the server renderer writes its tag (entry-server.tsx).
  let bootFile = '';
  return {
    name: 'talentloop-server-render',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      root = config.root;
      mode = config.mode;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    buildStart() {
      this.emitFile({ type: 'chunk', id: path.join(root, 'src/boot.ts'), name: 'boot' });
    },
    generateBundle(_options, bundle) {
      const boot = Object.values(bundle).find((c) => c.type === 'chunk' && c.isEntry && c.name === 'boot') as
        | Rollup.OutputChunk
        | undefined;
      if (!boot || boot.imports.length || boot.dynamicImports.length)
        throw new Error('server render: the boot chunk is missing or imports other chunks');
      bootFile = boot.fileName;
    },
    async closeBundle() {
      const serverDir = path.join(outDir, SERVER_DIR);
      await build({
        root,
        mode,
        configFile: path.join(root, 'vite.config.ts'),
        logLevel: 'warn',
        ssr: { noExternal: true, target: 'node' },
        define: { __TL_BOOT_SCRIPT__: JSON.stringify(`/${bootFile}`) },
        build: { ssr: 'src/entry-server.tsx', outDir: serverDir, emptyOutDir: true, copyPublicDir: false },
      });
      const renderer = (await import(pathToFileURL(path.join(serverDir, 'entry-server.js')).href)) as {
        renderDocument(template: string, location: string): Promise<string>;
      };
      // The static public pages, drawn now from the same components (a page already written by the
      // route preloads keeps its preload links: it is the template).
      for (const [url, name] of Object.entries(BUILT_AHEAD)) {
        const file = path.join(outDir, 'pages', `${name}.html`);
        const template = fs.readFileSync(fs.existsSync(file) ? file : path.join(outDir, 'index.html'), 'utf8');
        fs.writeFileSync(file, await renderer.renderDocument(template, url));
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), routePreloads(), serverRender(), chunkClosures()],
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    // No modulepreload polyfill in the entry (issue 37, first-load JS): every browser the build
    // targets that lacks modulepreload (Safari before 17) still loads the same modules through the
    // imports, only without the head start.
    modulePreload: { polyfill: false, resolveDependencies: withoutLoaded },
    rolldownOptions: {
      // zod's builders have no side effects, but the bundler cannot tell: without this hint a page
      // that needs one plain function from a contract module (a message table, a password rule) also
      // gets that module's unused schemas and all of zod (issue 12, first-load JS).
      treeshake: { manualPureFunctions: ['z'] },
    },
  },
});
