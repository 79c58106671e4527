import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it, onTestFinished } from 'vitest';
import { freelancerProfiles, users } from '../../src/infra/db/schema.ts';
import { type TestApp, expectFailure, findUser, request, useApi } from '../helpers.ts';
import { bearer, freelancerWithBasics } from '../onboarding/support.ts';
import { item, pdf, png, putPortfolio } from './portfolio-support.ts';

const env = useApi();
const PRIVACY = '/api/freelancer-settings/privacy';
const PREVIEW = '/api/freelancer-settings/public-preview';

async function setPrivacy(app: TestApp, token: string, body: unknown) {
  return request(app.baseUrl, 'PUT', PRIVACY, { json: body, ...bearer(token) });
}

/** A signed-in account with only the client role (as a company account has). */
async function clientToken(app: TestApp) {
  const client = await app.createUser();
  await app.db
    .update(users)
    .set({ roles: ['client'], userType: 'client' })
    .where(eq(users.email, client.email));
  return (await app.signIn(client.email)).accessToken;
}

async function webDistWithIndex() {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'talentloop-web-'));
  onTestFinished(() => fs.rm(dir, { recursive: true, force: true }));
  const index = await fs.readFile(path.resolve(import.meta.dirname, '../../../web/index.html'), 'utf8');
  await fs.writeFile(path.join(dir, 'index.html'), index);
  return dir;
}

describe('privacy settings', () => {
  it('start as open to work, visible to signed-in companies, with a stable name-based slug', async () => {
    const app = await env.start();
    const user = await freelancerWithBasics(app);
    const first = await app.get(PRIVACY, bearer(user.accessToken));
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ status: 'success', openToWork: true, visibility: 'companies' });
    expect(first.body.slug).toMatch(/^asha-rao-[a-z0-9]{6}$/);
    const again = await app.get(PRIVACY, bearer(user.accessToken));
    expect(again.body.slug).toBe(first.body.slug);
  });

  it('save open to work and visibility, and a later name change keeps the slug', async () => {
    const app = await env.start();
    const user = await freelancerWithBasics(app);
    const { slug } = (await app.get(PRIVACY, bearer(user.accessToken))).body;
    const saved = await setPrivacy(app, user.accessToken, { openToWork: false, visibility: 'hidden' });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ openToWork: false, visibility: 'hidden', slug });
    await app.db.update(users).set({ firstName: 'Renamed' }).where(eq(users.email, user.email));
    expect((await app.get(PRIVACY, bearer(user.accessToken))).body).toMatchObject({ openToWork: false, visibility: 'hidden', slug });
    const row = await app.db
      .select()
      .from(freelancerProfiles)
      .innerJoin(users, eq(users.id, freelancerProfiles.userId))
      .where(eq(users.email, user.email));
    expect(row[0]?.freelancer_profiles.openToWork).toBe(false);
  });

  it.each([
    [{ openToWork: true, visibility: 'everyone' }],
    [{ openToWork: 'yes', visibility: 'public' }],
    [{ visibility: 'public' }],
    [{}],
  ])('refuses %j with a 400 and changes nothing', async (body) => {
    const app = await env.start();
    const user = await freelancerWithBasics(app);
    expectFailure(await setPrivacy(app, user.accessToken, body), 400, 'TL_CORE_00400_E');
    expect((await app.get(PRIVACY, bearer(user.accessToken))).body).toMatchObject({ openToWork: true, visibility: 'companies' });
  });

  it('saving before profile basics exist answers TL_CORE_10100_E', async () => {
    const app = await env.start();
    const user = await app.createUser();
    expectFailure(await setPrivacy(app, user.accessToken, { openToWork: true, visibility: 'public' }), 409, 'TL_CORE_10100_E');
  });

  it('slugs of two people with the same name differ', async () => {
    const app = await env.start();
    const a = await freelancerWithBasics(app);
    const b = await freelancerWithBasics(app);
    const slugA = (await app.get(PRIVACY, bearer(a.accessToken))).body.slug;
    const slugB = (await app.get(PRIVACY, bearer(b.accessToken))).body.slug;
    expect(slugA).not.toBe(slugB);
  });
});

describe('public profile', () => {
  it('a public profile answers anyone, with the saved profile and no contact details', async () => {
    const app = await env.start();
    const user = await freelancerWithBasics(app);
    const saved = await setPrivacy(app, user.accessToken, { openToWork: true, visibility: 'public' });
    const res = await app.get(`/api/public/talent/${saved.body.slug}`);
    expect(res.status).toBe(200);
    const { profile } = res.body;
    expect(profile).toMatchObject({
      slug: saved.body.slug,
      firstName: 'Asha',
      lastName: 'Rao',
      occupation: 'Web Developer',
      countryCode: 'IN',
      country: 'India',
      openToWork: true,
      skills: [
        { skillName: 'React', experienceLevel: 3 },
        { skillName: 'TypeScript', experienceLevel: 0 },
      ],
      portfolio: [],
    });
    expect(profile.photoUrl).toMatch(/^\/api\/files\//);
    const text = JSON.stringify(res.body);
    expect(text).not.toContain(user.email);
    expect(text).not.toContain(user.profile.freelancerProfileResponse.mobileNo);
    // Nothing invented (issue 22): no rating without reviews from finished hires; the level is derived (no work saved: Entry).
    expect(profile).toMatchObject({ rating: null, reviews: [], level: { key: 'entry', years: 0, vetted: false } });
  });

  it('hidden and companies-only profiles answer 404 signed out; companies-only opens for a signed-in company only', async () => {
    const app = await env.start();
    const user = await freelancerWithBasics(app);
    const other = await freelancerWithBasics(app);
    const client = await clientToken(app);
    const { slug } = (await setPrivacy(app, user.accessToken, { openToWork: true, visibility: 'companies' })).body;
    const path = `/api/public/talent/${slug}`;
    expectFailure(await app.get(path), 404, 'TL_CORE_00404_E');
    expectFailure(await app.get(path, bearer(other.accessToken)), 404, 'TL_CORE_00404_E');
    expectFailure(await app.get(path, bearer('not-a-token')), 404, 'TL_CORE_00404_E');
    expect((await app.get(path, bearer(client))).status).toBe(200);

    await setPrivacy(app, user.accessToken, { openToWork: true, visibility: 'hidden' });
    expectFailure(await app.get(path), 404, 'TL_CORE_00404_E');
    expectFailure(await app.get(path, bearer(client)), 404, 'TL_CORE_00404_E');
  });

  it('portfolio images are served to whoever may see the profile; documents never are', async () => {
    const app = await env.start();
    const user = await freelancerWithBasics(app);
    const other = await freelancerWithBasics(app);
    const saved = await putPortfolio(app, user.accessToken, {
      profileData: { version: 0, portfolioDetails: [item({ fileIndex: 1 }), item({ portfolioTitle: 'Doc', fileIndex: 2 })] },
      files: [
        { data: await png(), name: 'shot.png', type: 'image/png' },
        { data: pdf(), name: 'cv.pdf', type: 'application/pdf' },
      ],
    });
    const [image, doc] = saved.body.portfolioDetails;
    const otherItem = (
      await putPortfolio(app, other.accessToken, {
        profileData: { version: 0, portfolioDetails: [item({ fileIndex: 1 })] },
        files: [{ data: await png(), name: 'o.png', type: 'image/png' }],
      })
    ).body.portfolioDetails[0];
    const { slug } = (await setPrivacy(app, user.accessToken, { openToWork: true, visibility: 'public' })).body;

    const shown = (await app.get(`/api/public/talent/${slug}`)).body.profile.portfolio;
    const imageUrl = `/api/public/talent/${slug}/portfolio/${image.freelancerPortfolioId}`;
    expect(shown.map((p: { fileUrl: string | null }) => p.fileUrl)).toEqual([imageUrl, null]);
    const res = await fetch(`${app.baseUrl}${imageUrl}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');

    expect((await app.get(`/api/public/talent/${slug}/portfolio/${doc.freelancerPortfolioId}`)).status).toBe(404);
    expect((await app.get(`/api/public/talent/${slug}/portfolio/${otherItem.freelancerPortfolioId}`)).status).toBe(404);
    await setPrivacy(app, user.accessToken, { openToWork: true, visibility: 'hidden' });
    expect((await app.get(imageUrl)).status).toBe(404);
  });

  it('unknown and malformed slugs answer 404', async () => {
    const app = await env.start();
    expectFailure(await app.get('/api/public/talent/nobody-abcdef'), 404, 'TL_CORE_00404_E');
    expectFailure(await app.get('/api/public/talent/Bad%20Slug%3Cx%3E'), 404, 'TL_CORE_00404_E');
  });

  it('the own preview answers the same profile whatever the visibility, with slug, visibility and the share link', async () => {
    const app = await env.start({ config: { publicUrl: 'https://talent.example' } });
    const user = await freelancerWithBasics(app);
    await putPortfolio(app, user.accessToken, {
      profileData: {
        version: 0,
        portfolioDetails: [item({ portfolioUrl: 'https://example.com/p' }), item({ portfolioTitle: 'Doc', fileIndex: 1 })],
      },
      files: [{ data: pdf(), name: 'cv.pdf', type: 'application/pdf' }],
    });
    await setPrivacy(app, user.accessToken, { openToWork: false, visibility: 'hidden' });
    const preview = await app.get(PREVIEW, bearer(user.accessToken));
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ status: 'success', visibility: 'hidden', openToWork: false });
    expect(preview.body.publicUrl).toBe(`https://talent.example/talent/${preview.body.slug}`);
    expect(preview.body.profile.openToWork).toBe(false);
    const [link, doc] = preview.body.profile.portfolio;
    expect(link).toMatchObject({ contentType: 'LINK', portfolioUrl: 'https://example.com/p' });
    expect(doc.fileUrl).toMatch(/^\/api\/files\//);

    // The same profile as the public sees it: documents are not linked for others.
    await setPrivacy(app, user.accessToken, { openToWork: false, visibility: 'public' });
    const pub = await app.get(`/api/public/talent/${preview.body.slug}`);
    expect(pub.body.profile).toEqual({ ...preview.body.profile, portfolio: [link, { ...doc, fileUrl: null }] });
  });

  it('the preview needs profile basics', async () => {
    const app = await env.start();
    const user = await app.createUser();
    expectFailure(await app.get(PREVIEW, bearer(user.accessToken)), 409, 'TL_CORE_10100_E');
    expectFailure(await app.get(PREVIEW), 401, 'TL_CORE_00401_E');
  });
});

describe('public profile page head', () => {
  it('a public profile link serves the app with its title, description and absolute image, escaped', async () => {
    const webDist = await webDistWithIndex();
    const app = await env.start({ config: { webDist, publicUrl: 'https://talent.example' } });
    const user = await freelancerWithBasics(app);
    const id = (await findUser(app.db, user.email))?.id ?? '';
    await app.db
      .update(freelancerProfiles)
      .set({ description: `I build <script>alert('x')</script> & "fast" apps` })
      .where(eq(freelancerProfiles.userId, id));
    const { slug } = (await setPrivacy(app, user.accessToken, { openToWork: true, visibility: 'public' })).body;
    const res = await fetch(`${app.baseUrl}/talent/${slug}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toContain('<div id="root">');
    expect(html).toContain('<title>Asha Rao, Web Developer | Talentloop</title>');
    expect(html).toContain('<meta property="og:title" content="Asha Rao, Web Developer | Talentloop" />');
    expect(html).toContain(
      '<meta property="og:description" content="I build &lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;fast&quot; apps" />',
    );
    expect(html).toContain(`<meta name="description" content="I build &lt;script&gt;`);
    expect(html).not.toContain('<script>alert');
    expect(html).toMatch(/<meta property="og:image" content="https:\/\/talent\.example\/api\/files\/[0-9a-f-]{36}" \/>/);
    expect(html).toContain(`<meta property="og:url" content="https://talent.example/talent/${slug}" />`);
    expect(html.match(/<title>/g)).toHaveLength(1);
  });

  it('a hidden or unknown profile link answers 404 with the app page and no profile details', async () => {
    const webDist = await webDistWithIndex();
    const app = await env.start({ config: { webDist } });
    const user = await freelancerWithBasics(app);
    const { slug } = (await setPrivacy(app, user.accessToken, { openToWork: true, visibility: 'hidden' })).body;
    for (const target of [`/talent/${slug}`, '/talent/nobody-abcdef', '/talent/%3Cscript%3E']) {
      const res = await fetch(`${app.baseUrl}${target}`);
      expect({ target, status: res.status }).toEqual({ target, status: 404 });
      const html = await res.text();
      expect(html).toContain('<div id="root">');
      expect(html).toContain('<title>Not found | Talentloop</title>');
      expect(html).not.toContain('Asha');
      expect(html).not.toContain('og:image');
      expect(html).not.toContain('<script>');
    }
  });
});

describe('API document', () => {
  it('lists the portfolio, privacy, public profile and account endpoints', async () => {
    const app = await env.start();
    const res = await app.get('/api/docs');
    expect(res.status).toBe(200);
    const paths = res.body.paths as Record<string, Record<string, unknown>>;
    for (const [path, method] of [
      ['/freelancer-settings/portfolio-details', 'get'],
      ['/freelancer-settings/portfolio-details', 'put'],
      ['/freelancer-settings/privacy', 'get'],
      ['/freelancer-settings/privacy', 'put'],
      ['/freelancer-settings/public-preview', 'get'],
      ['/public/talent/{slug}', 'get'],
      ['/account/deletion-code', 'post'],
      ['/account/delete', 'post'],
      ['/account/export', 'get'],
    ] as const) {
      expect({ path, method, listed: Object.keys(paths[path] ?? {}).includes(method) }).toEqual({ path, method, listed: true });
    }
  });
});
