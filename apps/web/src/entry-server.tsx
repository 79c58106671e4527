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
  // A lazy part first met in a render arrives as a segment that an inline script moves into place;
  // a posted form's answer (issue 37) must read with scripts off, so its parts are met once first.
  if (data.formAnswer) await draw(location, data);
  return draw(location, data);
}

async function draw(location: string, data: Omit<PageData, 'ahead'>): Promise<string> {
  const { prelude } = await prerender(
    <StrictMode>
      <PageDataContext value={{ ...data, ahead: true }}>
        <App location={location} />
      </PageDataContext>
    </StrictMode>,
  );
  return new Response(prelude).text();
}

const ROOT_WITH_SPLASH = /<div id="root">\s*<div class="boot"[^>]*>[\s\S]*?<\/div>\s*<\/div>/;

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
  return template
    .replace('</head>', () => `${head}</head>`)
    .replace(ROOT_WITH_SPLASH, () => `<div id="root" data-rendered>${markup}</div>${dataScript}`);
}
