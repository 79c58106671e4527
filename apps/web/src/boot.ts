// The only script a page drawn ahead (issue 37: the built public pages, the server's talent pages and
// form answers) fetches before its first paint. The page is complete HTML, so its app scripts (the
// entry and the route's chunks, which hydrate it) are started here once that paint is done: until
// then they would share the phone's first round trips with the stylesheet and the font, and the first
// paint would wait for them. entry-server.tsx (`renderDocument`) writes this script's tag in place of
// the app's own, and a template holding the entry's URL and the chunks' modulepreload links.
// No imports: this file is its own small chunk (vite.config.ts, `bootScript`).

function start() {
  // The template entry-server.tsx writes (this script is only ever sent with it): the entry, and the
  // chunks to fetch beside it as modulepreload links, inert until moved into the document.
  const later = document.querySelector('template[data-entry]') as HTMLTemplateElement;
  document.head.append(later.content);
  import(/* @vite-ignore */ later.dataset.entry as string);
}

// Started once the first contentful paint has been presented (its Paint Timing entry), not merely
// drawn. A page opened in a background tab paints nothing until shown, and a browser without Paint
// Timing cannot say when it painted: both start at once.
if (document.visibilityState === 'hidden' || !PerformanceObserver.supportedEntryTypes.includes('paint')) start();
else {
  // Paint entries are the first paint and the first contentful one, each given once.
  new PerformanceObserver((list) => {
    if (list.getEntries().some((e) => e.name === 'first-contentful-paint')) setTimeout(start);
  }).observe({ type: 'paint', buffered: true });
}
