import crypto from 'node:crypto';
import { getPrivacy, savePrivacy } from '@talentloop/contract/api/account';
import { type TalentSearchQuery, searchTalent } from '@talentloop/contract/api/talent-search';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { refreshTalentSearch } from '../../src/features/talent-search/read-model.ts';
import { call, expectOk, findUser, uniqueEmail, useApi } from '../helpers.ts';
import { aboutBody, completedFreelancer, editor } from '../profile/support.ts';

// The talent search's read model is rebuilt in the same transaction as every profile write that
// changes what a company finds: a saved change shows (or disappears) in the very next search.

const env = useApi();

const marker = () =>
  `zq${Array.from(crypto.randomBytes(6))
    .map((b) => String.fromCharCode(97 + (b % 26)))
    .join('')}`;

describe('talent search follows profile saves', () => {
  it('shows a saved name, occupation, rate and skills, and hides a closed or hidden profile at once', async () => {
    const app = await env.start({ config: { clientAccounts: true } });
    const company = await app.signUp(uniqueEmail('client'), { userType: 'client', company: 'Acme Labs' });
    const companyToken = (await app.verify(company.email)).accessToken;
    const user = await completedFreelancer(app);
    const row = await findUser(app.db, user.email);
    const id = row?.id as string;
    // Vetted as the operator's decision leaves it (the decision itself is the vetting feature's).
    await app.db.execute(sql`UPDATE freelancer_profiles SET vetting_status = 'vetted', vetting_status_at = now() WHERE user_id = ${id}`);
    await refreshTalentSearch(app.db, [id]);

    const api = editor(app, user.accessToken);
    const search = async (query: Partial<TalentSearchQuery>) => {
      const res = await call(app, searchTalent, { query: query as TalentSearchQuery }, { token: companyToken });
      expectOk(res);
      return res.body.results;
    };
    const name = marker();
    expect(await search({ q: name })).toEqual([]);

    // Name, occupation and rate: the About Me save.
    const about = await api.get('/freelancer-settings/profile-details');
    const saved = await api.put('/freelancer-settings/profile-details', {
      ...aboutBody({ mobileNo: about.body.profileDetails.mobileNo, lastName: name, occupation: 'Data Scientist', maxHourlyRate: 77 }),
      version: about.body.version,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const [card] = await search({ q: `${name} scientist`, rateMin: 70 });
    expect(card).toMatchObject({ lastName: name, occupation: 'Data Scientist', minHourlyRate: 77, maxHourlyRate: 77 });
    expect(await search({ q: name, rateMax: 60 })).toEqual([]);

    // Skills.
    expect(await search({ q: name, skill: ['Elixir'] })).toEqual([]);
    const skills = await api.get('/freelancer-settings/skills-details');
    const savedSkills = await api.put('/freelancer-settings/skills-details', {
      skills: [{ freelancerSkillId: null, skillName: 'Elixir', experienceLevel: 2 }],
      version: skills.body.version,
    });
    expect(savedSkills.status, JSON.stringify(savedSkills.body)).toBe(200);
    expect((await search({ q: name, skill: ['Elixir'] })).map((c) => c.topSkills)).toEqual([['Elixir']]);

    // Open to work, then visibility.
    const privacy = async (openToWork: boolean, visibility: 'public' | 'companies' | 'hidden') =>
      expectOk(await call(app, savePrivacy, { body: { openToWork, visibility } }, { token: user.accessToken }));
    await privacy(false, 'companies');
    expect(await search({ q: name })).toEqual([]);
    await privacy(true, 'companies');
    expect(await search({ q: name })).toHaveLength(1);
    await privacy(true, 'hidden');
    expect(await search({ q: name })).toEqual([]);
    await privacy(true, 'public');
    const slug = ((await call(app, getPrivacy, {}, { token: user.accessToken })) as { body: { slug: string } }).body.slug;
    expect((await search({ q: name })).map((c) => c.slug)).toEqual([slug]);

    // Photo removal.
    expect((await search({ q: name }))[0]?.photoUrl).toMatch(/^\/api\/files\//);
    expect((await api.del('/freelancer/delete-profile-photo')).status).toBe(200);
    expect((await search({ q: name }))[0]?.photoUrl).toBeNull();
  });
});
