// The only script a page drawn ahead (issue 37: the built public pages, the server's talent pages and
// form answers) fetches before its first paint. The page is complete HTML, so its app scripts (the
// entry and the route's chunks, which hydrate it) are started here once that paint is done: until
// then they would share the phone's first round trips with the stylesheet and the font, and the first
// paint would wait for them. entry-server.tsx (`renderDocument`) writes this script's tag in place of
// the app's own, with the entry in `data-entry` and the chunks to fetch beside it in `data-preload`.
// No imports: this file is its own small chunk (vite.config.ts, `bootScript`).

function start() {
  const { entry, preload = '' } = document.querySelector<HTMLScriptElement>('script[data-entry]')?.dataset ?? {};
  if (!entry) return;
  for (const href of preload.split(' ')) {
    // Same credentials mode as the entry's import below (a module script's default): one fetch each.
    if (href) document.head.append(Object.assign(document.createElement('link'), { rel: 'modulepreload', href }));
  }
  import(/* @vite-ignore */ entry);
}

// Started once the first contentful paint has been presented (its Paint Timing entry), not merely
// drawn. A page opened in a background tab paints nothing until shown, and a browser without Paint
// Timing cannot say when it painted: both start at once.
if (document.visibilityState === 'hidden' || !PerformanceObserver.supportedEntryTypes?.includes('paint')) start();
else {
  // Paint entries are the first paint and the first contentful one, each given once.
  new PerformanceObserver((list) => {
    if (list.getEntries().some((e) => e.name === 'first-contentful-paint')) setTimeout(start);
  }).observe({ type: 'paint', buffered: true });
}
