import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it, onTestFinished } from 'vitest';
import { z } from 'zod';
import { freelancerProfiles, users } from '../../src/infra/db/schema.ts';
import { type TestApp, findUser, request, useApi } from '../helpers.ts';
import { bearer, freelancerWithBasics } from '../onboarding/support.ts';

// Issue 37: a public talent page is found by search engines: schema.org Person (+ Offer for the
// rate) and a canonical link in its HTML, a sitemap of public profiles only and a robots.txt that
// keeps signed-in pages out, each following a freelancer's visibility at once. (The page's drawn
// markup comes from the web build's renderer: e2e/tests/server-rendered.spec.ts reads it without scripts.)

const env = useApi();
const PUBLIC_URL = 'https://talent.example';

const setPrivacy = (app: TestApp, token: string, visibility: string) =>
  request(app.baseUrl, 'PUT', '/api/freelancer-settings/privacy', { json: { openToWork: true, visibility }, ...bearer(token) });

async function webDistWithIndex() {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'talentloop-web-'));
  onTestFinished(() => fs.rm(dir, { recursive: true, force: true }));
  const index = await fs.readFile(path.resolve(import.meta.dirname, '../../../web/index.html'), 'utf8');
  await fs.writeFile(path.join(dir, 'index.html'), index);
  return dir;
}

// The schema.org shapes (https://schema.org/Person, /Offer, /UnitPriceSpecification, /PostalAddress)
// for the properties the page states; strict, so an unknown or misspelt property fails.
const Text = z.string().min(1);
const PriceSpecification = z.strictObject({
  '@type': z.literal('UnitPriceSpecification'),
  priceCurrency: z.string().regex(/^[A-Z]{3}$/),
  unitCode: z.literal('HUR'),
  unitText: Text,
  price: z.number().positive().optional(),
  minPrice: z.number().positive().optional(),
  maxPrice: z.number().positive().optional(),
});
const Person = z.strictObject({
  '@context': z.literal('https://schema.org'),
  '@type': z.literal('Person'),
  '@id': z.url(),
  name: Text,
  givenName: Text,
  familyName: Text,
  url: z.url(),
  image: z.url().optional(),
  jobTitle: Text.optional(),
  description: Text.optional(),
  address: z.strictObject({ '@type': z.literal('PostalAddress'), addressCountry: z.string().regex(/^[A-Z]{2}$/) }).optional(),
  knowsAbout: z.array(Text).optional(),
  knowsLanguage: z.array(Text).optional(),
  makesOffer: z
    .strictObject({
      '@type': z.literal('Offer'),
      itemOffered: z.strictObject({ '@type': z.literal('Service'), name: Text }),
      priceSpecification: PriceSpecification,
    })
    .optional(),
});

function structuredData(html: string) {
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)];
  expect(blocks).toHaveLength(1);
  return JSON.parse(blocks[0]?.[1] ?? '') as unknown;
}

const sitemapLocs = async (app: TestApp) => {
  const res = await fetch(`${app.baseUrl}/sitemap.xml`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^application\/xml/);
  const xml = await res.text();
  expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">/);
  return [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
};

describe('talent pages for search engines (issue 37)', () => {
  it('a public profile page carries a canonical link and a schema.org Person with skills and the rate as an Offer', async () => {
    const webDist = await webDistWithIndex();
    const app = await env.start({ config: { webDist, publicUrl: PUBLIC_URL } });
    const user = await freelancerWithBasics(app);
    const id = (await findUser(app.db, user.email))?.id ?? '';
    await app.db
      .update(freelancerProfiles)
      .set({ description: 'Builds </script><b>fast</b> apps', minHourlyRate: 30, maxHourlyRate: 45 })
      .where(eq(freelancerProfiles.userId, id));
    const { slug } = (await setPrivacy(app, user.accessToken, 'public')).body;
    const res = await fetch(`${app.baseUrl}/talent/${slug}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    const url = `${PUBLIC_URL}/talent/${slug}`;
    expect(html).toContain(`<link rel="canonical" href="${url}" />`);
    // Nothing in the data can end its script element.
    expect(html).not.toContain('</script><b>');
    const person = Person.parse(structuredData(html));
    expect(person).toMatchObject({
      name: 'Asha Rao',
      jobTitle: 'Web Developer',
      url,
      description: 'Builds </script><b>fast</b> apps',
      address: { addressCountry: 'IN' },
      knowsAbout: ['React', 'TypeScript'],
      makesOffer: { priceSpecification: { priceCurrency: 'USD', minPrice: 30, maxPrice: 45 } },
    });
    expect(person.image).toMatch(/^https:\/\/talent\.example\/api\/files\//);

    // One rate: a price, not a range.
    await app.db.update(freelancerProfiles).set({ minHourlyRate: 45, maxHourlyRate: 45 }).where(eq(freelancerProfiles.userId, id));
    const single = Person.parse(structuredData(await (await fetch(`${app.baseUrl}/talent/${slug}`)).text()));
    expect(single.makesOffer?.priceSpecification).toEqual({
      '@type': 'UnitPriceSpecification',
      priceCurrency: 'USD',
      unitCode: 'HUR',
      unitText: 'hour',
      price: 45,
    });
  });

  it('the sitemap lists public profiles only and follows visibility at once; a profile set private answers 404', async () => {
    const webDist = await webDistWithIndex();
    const app = await env.start({ config: { webDist, publicUrl: PUBLIC_URL } });
    const user = await freelancerWithBasics(app);
    const { slug } = (await setPrivacy(app, user.accessToken, 'companies')).body;
    const url = `${PUBLIC_URL}/talent/${slug}`;
    expect(await sitemapLocs(app)).not.toContain(url);

    await setPrivacy(app, user.accessToken, 'public');
    const listed = await sitemapLocs(app);
    expect(listed).toContain(url);
    expect(listed).toContain(`${PUBLIC_URL}/`);
    expect((await fetch(url.replace(PUBLIC_URL, app.baseUrl))).status).toBe(200);

    for (const visibility of ['hidden', 'companies']) {
      await setPrivacy(app, user.accessToken, visibility);
      expect(await sitemapLocs(app), visibility).not.toContain(url);
      const page = await fetch(url.replace(PUBLIC_URL, app.baseUrl));
      expect(page.status, visibility).toBe(404);
      const html = await page.text();
      expect(html).not.toContain('application/ld+json');
      expect(html).not.toContain('rel="canonical"');
    }

    // A suspended freelancer's public profile leaves the sitemap too.
    await setPrivacy(app, user.accessToken, 'public');
    await app.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.email, user.email));
    expect(await sitemapLocs(app)).not.toContain(url);
  });

  it('a demo profile (seed:demo) is shown as one and kept from search engines: not in the sitemap, noindex, no Person data', async () => {
    const webDist = await webDistWithIndex();
    const app = await env.start({ config: { webDist, publicUrl: PUBLIC_URL } });
    const user = await freelancerWithBasics(app);
    const { slug } = (await setPrivacy(app, user.accessToken, 'public')).body;
    const url = `${PUBLIC_URL}/talent/${slug}`;
    expect(await sitemapLocs(app)).toContain(url);
    expect((await request(app.baseUrl, 'GET', `/api/public/talent/${slug}`)).body.profile.demo).toBe(false);

    await app.db.update(users).set({ demo: true }).where(eq(users.email, user.email));
    expect(await sitemapLocs(app)).not.toContain(url);
    const page = await fetch(`${app.baseUrl}/talent/${slug}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<meta name="robots" content="noindex" />');
    expect(html).not.toContain('application/ld+json');
    expect(html).not.toContain('rel="canonical"');
    expect((await request(app.baseUrl, 'GET', `/api/public/talent/${slug}`)).body.profile.demo).toBe(true);
  });

  it('robots.txt keeps the API and signed-in pages out and points to the sitemap', async () => {
    const app = await env.start({ config: { publicUrl: PUBLIC_URL } });
    const res = await fetch(`${app.baseUrl}/robots.txt`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const lines = (await res.text()).split('\n');
    for (const line of ['User-agent: *', 'Disallow: /api/', 'Disallow: /freelancer/', 'Disallow: /company/', 'Disallow: /admin']) {
      expect(lines).toContain(line);
    }
    expect(lines).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
  });

  it("a drawn talent page is kept only for the same profile: a change shows at once, in the build's template with its preloads", async () => {
    const webDist = await webDistWithIndex();
    // The build's template for this page (apps/web/vite.config.ts TEMPLATES) and a renderer that
    // numbers its renders: a page drawn again from the same profile is the kept one.
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
         return template.replace('</body>', '<p id="drawn">render ' + renders + ': ' + data.publicProfile.occupation + '</p></body>');
       }`,
    );
    const app = await env.start({ config: { webDist, publicUrl: PUBLIC_URL } });
    const user = await freelancerWithBasics(app);
    const { slug } = (await setPrivacy(app, user.accessToken, 'public')).body;
    const open = async () => {
      const res = await fetch(`${app.baseUrl}/talent/${slug}`);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain('href="/assets/talent-page.js"');
      return /<p id="drawn">(render \d+): ([^<]*)<\/p>/.exec(html)?.slice(1) ?? [];
    };
    const [first, occupation] = await open();
    expect(occupation).toBe('Web Developer');
    expect((await open())[0]).toBe(first);

    const owner = await findUser(app.db, user.email);
    await app.db
      .update(freelancerProfiles)
      .set({ occupation: 'Data Engineer' })
      .where(eq(freelancerProfiles.userId, owner?.id ?? ''));
    const [second, changed] = await open();
    expect(changed).toBe('Data Engineer');
    expect(second).not.toBe(first);

    await setPrivacy(app, user.accessToken, 'hidden');
    expect((await fetch(`${app.baseUrl}/talent/${slug}`)).status).toBe(404);
  });

  it("the build's server renderer and page templates beside the web files are never served as files", async () => {
    const webDist = await webDistWithIndex();
    await fs.mkdir(path.join(webDist, 'server', 'assets'), { recursive: true });
    await fs.writeFile(path.join(webDist, 'server', 'assets', 'chunk.js'), 'export const secret = 1;');
    await fs.writeFile(path.join(webDist, 'visible.js'), 'export const shown = 1;');
    await fs.mkdir(path.join(webDist, 'templates'));
    await fs.writeFile(path.join(webDist, 'templates', 'talent.html'), '<p>template only</p>');
    const app = await env.start({ config: { webDist } });
    expect((await fetch(`${app.baseUrl}/visible.js`)).status).toBe(200);
    const res = await fetch(`${app.baseUrl}/server/assets/chunk.js`);
    expect(await res.text()).not.toContain('secret');
    expect(await (await fetch(`${app.baseUrl}/templates/talent.html`)).text()).not.toContain('template only');
  });
});
