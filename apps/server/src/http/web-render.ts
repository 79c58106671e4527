import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * The web build's server renderer (apps/web/src/entry-server.tsx, built to <webDist>/server/):
 * React's own rendering of a page of the app, with the page data the browser hydrates it with
 * (issue 37: public talent pages, and the login and sign-up pages' answers to a form posted before
 * or without scripts).
 */
export type WebRenderer = {
  renderDocument(template: string, location: string, data?: Record<string, unknown>, head?: string): Promise<string>;
};

/** The renderer of the build in `webDist`, or null when that build has none (no web build). */
export async function loadWebRenderer(webDist: string): Promise<WebRenderer | null> {
  const file = path.join(webDist, 'server', 'entry-server.js');
  return fs.existsSync(file) ? ((await import(pathToFileURL(file).href)) as WebRenderer) : null;
}
