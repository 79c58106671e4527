import interLatin from '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { App } from './app/app.tsx';
import { PAGE_DATA_ID, type PageData, PageDataContext } from './lib/page-data.ts';

// React's own server rendering of the app (issue 37): the same components the browser runs, drawn to
// HTML for one path, waiting for the route's lazy chunks so the markup is complete. The web build
// bundles this file for Node (vite.config.ts: <outDir>/server/entry-server.js); the build renders the
// static public pages with it, the server renders each public talent page with it per request.
// main.tsx hydrates that markup with the same tree and the same page data.

export type { PageData };

/** The markup of #root for `location`, drawn with `data` (the same object main.tsx hydrates with). */
export async function renderPage(location: string, data: Omit<PageData, 'ahead'> = {}): Promise<string> {
  return draw(location, data);
}

/**
 * Every Suspense boundary's content written in place. By default React writes a finished boundary
 * of over 500 bytes that comes after about 12.8 kB of the page as a hidden segment that an inline
 * script moves into place: with scripts off (a posted form's failure, issue 37) it would never show.
 * The whole page is sent at once anyway (it is complete before the first byte), so nothing is lost.
 */
const NO_OUTLINING = { progressiveChunkSize: Number.MAX_SAFE_INTEGER };

async function draw(location: string, data: Omit<PageData, 'ahead'>): Promise<string> {
  const { prelude } = await prerender(
    <StrictMode>
      <PageDataContext value={{ ...data, ahead: true }}>
        <App location={location} />
      </PageDataContext>
    </StrictMode>,
    NO_OUTLINING,
  );
  return new Response(prelude).text();
}

const ROOT_WITH_SPLASH = /<div id="root">\s*<div class="boot"[^>]*>[\s\S]*?<\/div>\s*<\/div>/;

/** The boot script's URL in this build (vite.config.ts `bootScript`; absent outside a build). */
declare const __TL_BOOT_SCRIPT__: string | undefined;
const BOOT_SCRIPT = typeof __TL_BOOT_SCRIPT__ === 'string' ? __TL_BOOT_SCRIPT__ : null;

const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /\s*(<link rel="modulepreload" crossorigin href="[^"]+">)/g;

/**
 * A page drawn ahead is complete without its scripts: they only hydrate it. Fetched with the page,
 * they shared the first round trips with the stylesheet and the font, so the first paint waited for
 * them (issue 37). Its only script is the boot script (src/boot.ts); the entry's URL and the
 * modulepreload links wait in a template, which the boot script puts in place once the first paint
 * is done.
 */
function scriptsAfterFirstPaint(template: string): string {
  const entry = ENTRY_SCRIPT.exec(template)?.[1];
  if (!BOOT_SCRIPT || !entry) return template;
  const links = [...new Set([...template.matchAll(MODULE_PRELOAD)].map((m) => m[1]))].join('');
  return template
    .replace(MODULE_PRELOAD, '')
    .replace(
      ENTRY_SCRIPT,
      () => `<script type="module" crossorigin src="${BOOT_SCRIPT}"></script><template data-entry="${entry}">${links}</template>`,
    );
}

/**
 * The text font's Latin file (the one every page's text uses; the stylesheet names the others by
 * their ranges), fetched beside the stylesheet instead of after it: the first paint is drawn in the
 * page's own font, and no line moves when the font arrives (issue 37: the landing's hero wrapped
 * differently in the fallback font, CLS 0.026).
 */
const FONT_PRELOAD = `<link rel="preload" as="font" type="font/woff2" crossorigin href="${interLatin}">`;

/** JSON inside a script element: nothing in it can close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * The built index.html with #root holding `location`'s markup (marked for hydration), the page data
 * it was drawn with, and `head` (already escaped tags) before </head>.
 */
export async function renderDocument(template: string, location: string, data: Omit<PageData, 'ahead'> = {}, head = ''): Promise<string> {
  if (!ROOT_WITH_SPLASH.test(template)) throw new Error('index.html: #root with its boot splash not found');
  const markup = await renderPage(location, data);
  const dataScript = Object.keys(data).length ? `<script type="application/json" id="${PAGE_DATA_ID}">${scriptJson(data)}</script>` : '';
  return scriptsAfterFirstPaint(template)
    .replace('</head>', () => `${FONT_PRELOAD}${head}</head>`)
    .replace(ROOT_WITH_SPLASH, () => `<div id="root" data-rendered>${markup}</div>${dataScript}`);
}
