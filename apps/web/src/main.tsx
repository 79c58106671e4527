import '@fontsource-variable/inter';
import './styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { PAGE_DATA_ID, type PageData, PageDataContext } from './lib/page-data.ts';

// Zod's fast path probes `new Function`, which our Content Security Policy (no 'unsafe-eval') reports
// as a violation on every page that validates a form; validation works the same without it. This is
// `z.config({ jitless: true })` without importing zod's config module into the first page's bundle
// (+3.7 kB gzip). Zod shares its settings through this global and names pre-populating it before zod
// loads as a supported way to configure it (zod 4.4+, src/v4/core/core.ts, PR #5889).
const zodSettings = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
zodSettings.__zod_globalConfig = Object.assign(zodSettings.__zod_globalConfig ?? {}, { jitless: true });

const root = document.getElementById('root');
if (!root) throw new Error('#root missing');

// A page served as complete HTML (issue 37: built ahead, or rendered by the server) is hydrated with
// the data it was drawn with; every other page is drawn here from the boot splash.
if (root.hasAttribute('data-rendered')) {
  const raw = document.getElementById(PAGE_DATA_ID)?.textContent;
  const data: PageData = { ...(raw ? (JSON.parse(raw) as Omit<PageData, 'ahead'>) : {}), ahead: true };
  // Hydrated as a transition: React yields to the browser every few milliseconds instead of one
  // long task (the page already shows and works as HTML; a click or keypress meanwhile is handled
  // first), so the first screen is not blocked by it.
  startTransition(() => {
    hydrateRoot(
      root,
      <StrictMode>
        <PageDataContext value={data}>
          <App />
        </PageDataContext>
      </StrictMode>,
    );
  });
} else {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
