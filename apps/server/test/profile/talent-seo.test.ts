import fs from 'node:fs/promises';
import path from 'node:path';
import { REVIEW_BLIND_DAYS } from '@talentloop/contract/rules/review-rules';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { freelancerProfiles, users } from '../../src/infra/db/schema.ts';
import { withMailbox } from '../company/documents-support.ts';
import { DAY, MINUTE, type TestApp, findUser, request, useApi } from '../helpers.ts';
import { freelancerWithBasics } from '../onboarding/support.ts';
import { reviewed } from '../reviews/support.ts';
import { numberingWebDist, openPage, setPrivacy, webDistWithIndex } from './talent-page-support.ts';

// Issue 37: a public talent page is found by search engines: schema.org Person (+ Offer for the
// rate) and a canonical link in its HTML, a sitemap of public profiles only and a robots.txt that
// keeps signed-in pages out, each following a freelancer's visibility at once. (The page's drawn
// markup comes from the web build's renderer: e2e/tests/server-rendered.spec.ts reads it without scripts.)

const env = useApi();
const PUBLIC_URL = 'https://talent.example';

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

  it('a talent page is served from memory until the database reports a write to what it shows, made by any path: then at once', async () => {
    const app = await env.start({ config: { webDist: await numberingWebDist(), publicUrl: PUBLIC_URL } });
    const user = await freelancerWithBasics(app);
    const { slug } = (await setPrivacy(app, user.accessToken, 'public')).body;
    const first = await openPage(app, slug);
    expect(first.occupation).toBe('Web Developer');
    expect((await openPage(app, slug)).render).toBe(first.render);

    const owner = (await findUser(app.db, user.email))?.id ?? '';
    // A write with the triggers switched off reaches no cache: the page kept is served as it was,
    // so it is served from memory (no read of the profile).
    await app.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL session_replication_role = replica`);
      await tx.update(freelancerProfiles).set({ occupation: 'Silent Change' }).where(eq(freelancerProfiles.userId, owner));
    });
    expect(await openPage(app, slug)).toEqual(first);

    // A plain write, from no service at all: the database's notification drops the page.
    await app.db.update(freelancerProfiles).set({ occupation: 'Data Engineer' }).where(eq(freelancerProfiles.userId, owner));
    const changed = await openPage(app, slug);
    expect(changed.occupation).toBe('Data Engineer');
    expect(changed.render).not.toBe(first.render);
    expect((await openPage(app, slug)).render).toBe(changed.render);

    // Set private: 404 at once, and a slug not found is not kept past the change that makes it one.
    await setPrivacy(app, user.accessToken, 'hidden');
    expect((await fetch(`${app.baseUrl}/talent/${slug}`)).status).toBe(404);
    await setPrivacy(app, user.accessToken, 'public');
    expect((await openPage(app, slug)).occupation).toBe('Data Engineer');
  });

  it("a company's review hidden by the blind window shows on the talent page the moment the window ends", async () => {
    const app = withMailbox(
      await env.start({ config: { clientAccounts: true, webDist: await numberingWebDist(), publicUrl: PUBLIC_URL } }),
      env.mailbox,
    );
    const { f, review } = await reviewed(app);
    expect(review.revealed).toBe(false);
    expect((await setPrivacy(app, f.token, 'public')).status).toBe(200);
    // Just before the window ends the review is not shown, and that page is kept...
    app.clock.advance(Date.parse(review.createdAt) + REVIEW_BLIND_DAYS * DAY - MINUTE - app.clock.now().getTime());
    const before = await openPage(app, f.slug);
    expect(before.reviews).toBe(0);
    expect((await openPage(app, f.slug)).render).toBe(before.render);
    // ...only until the review's reveal: two minutes on, with no write at all, it is drawn again.
    app.clock.advance(2 * MINUTE);
    const after = await openPage(app, f.slug);
    expect(after.reviews).toBe(1);
    expect(after.render).not.toBe(before.render);
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
