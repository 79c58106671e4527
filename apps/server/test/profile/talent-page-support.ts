import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, onTestFinished } from 'vitest';
import { type TestApp, request } from '../helpers.ts';
import { bearer } from '../onboarding/support.ts';

// Talent pages in the API tests (issue 37): a web build in a folder of the test's own, with a
// renderer that numbers its renders, and the privacy save that makes a page public.

export const setPrivacy = (app: TestApp, token: string, visibility: string) =>
  request(app.baseUrl, 'PUT', '/api/freelancer-settings/privacy', { json: { openToWork: true, visibility }, ...bearer(token) });

export async function webDistWithIndex() {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'talentloop-web-'));
  onTestFinished(() => fs.rm(dir, { recursive: true, force: true }));
  const index = await fs.readFile(path.resolve(import.meta.dirname, '../../../web/index.html'), 'utf8');
  await fs.writeFile(path.join(dir, 'index.html'), index);
  return dir;
}

/** A web build whose renderer numbers its renders and writes what a test reads: a page served again unchanged is the kept one. */
export async function numberingWebDist() {
  const webDist = await webDistWithIndex();
  // The build's template for this page (apps/web/vite.config.ts TEMPLATES).
  await fs.mkdir(path.join(webDist, 'templates'));
  const template = (await fs.readFile(path.join(webDist, 'index.html'), 'utf8')).replace(
    '</head>',
    '<link rel="modulepreload" crossorigin href="/assets/talent-page.js"></head>',
  );
  await fs.writeFile(path.join(webDist, 'templates', 'talent.html'), template);
  await fs.mkdir(path.join(webDist, 'server'));
  await fs.writeFile(
    path.join(webDist, 'server', 'entry-server.js'),
    `let renders = 0;
     export async function renderDocument(template, location, data) {
       renders += 1;
       const p = data.publicProfile;
       return template.replace('</body>', '<p id="drawn">render ' + renders + ': ' + p.occupation + ': ' + p.reviews.length + ' reviews</p></body>');
     }`,
  );
  return webDist;
}

/** Opens a talent page: its render number, the occupation and the number of reviews drawn. */
export async function openPage(app: TestApp, slug: string) {
  const res = await fetch(`${app.baseUrl}/talent/${slug}`);
  expect(res.status).toBe(200);
  const html = await res.text();
  expect(html).toContain('href="/assets/talent-page.js"');
  const [render = '', occupation = '', reviews = ''] =
    /<p id="drawn">render (\d+): ([^<:]*): (\d+) reviews<\/p>/.exec(html)?.slice(1) ?? [];
  return { render, occupation, reviews: Number(reviews) };
}
