import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { useApi } from './helpers.ts';

const env = useApi();

// issue 12: the web build writes pages/login.html and pages/signup.html (index.html with that page's
// route chunks preloaded, see apps/web/vite.config.ts); the server sends each for its path and the
// plain index.html for every other page path.
describe('pages with their route chunks preloaded', () => {
  let webDist: string;
  beforeAll(async () => {
    webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'talentloop-web-'));
    await fs.mkdir(path.join(webDist, 'pages'));
    await fs.writeFile(path.join(webDist, 'index.html'), '<!doctype html><div id="root">app shell</div>');
    await fs.writeFile(path.join(webDist, 'pages', 'login.html'), '<!doctype html><link rel="modulepreload" href="/assets/login.js">');
  });
  afterAll(async () => {
    await fs.rm(webDist, { recursive: true, force: true });
  });

  test('the login path gets its page, with or without a query string, as uncached HTML', async () => {
    const app = await env.start({ config: { webDist } });
    for (const p of ['/login', '/login?next=1']) {
      const res = await app.get(p);
      expect(res.status, p).toBe(200);
      expect(res.headers.get('content-type'), p).toMatch(/text\/html/);
      expect(res.headers.get('cache-control'), p).toBe('no-cache');
      expect(String(res.body), p).toContain('/assets/login.js');
    }
  });

  test('every other page path still gets the plain app shell', async () => {
    const app = await env.start({ config: { webDist } });
    for (const p of ['/', '/signup', '/freelancer/dashboard', '/login/extra', '/no/such/page']) {
      const res = await app.get(p);
      expect(res.status, p).toBe(200);
      expect(String(res.body), p).toContain('app shell');
    }
  });

  // issue 37: the landing page built as complete HTML is pages/index.html, sent for / (not the shell).
  test('/ gets the landing page built as HTML when the build wrote one', async () => {
    await fs.writeFile(path.join(webDist, 'pages', 'index.html'), '<!doctype html><div id="root" data-rendered>landing built</div>');
    try {
      const app = await env.start({ config: { webDist } });
      for (const p of ['/', '/?utm_source=x']) {
        const res = await app.get(p);
        expect(res.status, p).toBe(200);
        expect(res.headers.get('cache-control'), p).toBe('no-cache');
        expect(String(res.body), p).toContain('landing built');
      }
      expect(String((await app.get('/freelancer/dashboard')).body)).toContain('app shell');
    } finally {
      await fs.rm(path.join(webDist, 'pages', 'index.html'));
    }
  });
});
