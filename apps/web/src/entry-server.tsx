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

/**
 * A page drawn ahead is complete without its scripts: they only hydrate it. Fetched at low
 * priority, they no longer share the first round trips with the stylesheet (and the fonts and
 * images the first screen needs), so the first paint does not wait for them (issue 37).
 */
const lowPriorityScripts = (template: string) =>
  template.replace(/<(script type="module"|link rel="modulepreload")(?![^>]*fetchpriority)/g, '<$1 fetchpriority="low"');

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
  return lowPriorityScripts(template)
    .replace('</head>', () => `${head}</head>`)
    .replace(ROOT_WITH_SPLASH, () => `<div id="root" data-rendered>${markup}</div>${dataScript}`);
}
