import { eq, sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { users } from '../../src/infra/db/schema.ts';
import { expectFailure, useApi } from '../helpers.ts';
import { aboutBody, completedFreelancer, editor, startCountingApp } from './support.ts';

// GET /freelancer-settings/profile-details, the hot read (issue 12): the guard's session check,
// the section, its version and the completion in one statement, with the same access rules.

const env = useApi();
const PATH = '/freelancer-settings/profile-details';

describe('the About Me load', () => {
  test('is one statement, session check included, and answers the saved section', async () => {
    const { app, queriesOf: statementsOf } = await startCountingApp(env, /"sessions"|"users"|freelancer_|tl_about_me_read/);
    const user = await completedFreelancer(app);
    const me = editor(app, user.accessToken);
    const loaded = await me.get(PATH);
    const saved = await me.put(PATH, { ...aboutBody({ mobileNo: loaded.body.profileDetails.mobileNo }), version: loaded.body.version });
    expect(saved.status).toBe(200);

    let res: Awaited<ReturnType<typeof me.get>> | undefined;
    expect(await statementsOf(async () => (res = await me.get(PATH)))).toBe(1);
    expect(res?.status).toBe(200);
    expect(res?.body).toEqual({
      status: 'success',
      version: saved.body.version,
      competitionPercentage: saved.body.competitionPercentage,
      profileDetails: saved.body.profileDetails,
    });
    expect(res?.body.profileDetails.languages).toEqual([
      { languageCode: 'en', proficiency: 'Fluent' },
      { languageCode: 'ta', proficiency: 'Native' },
    ]);
    expect(res?.body.profileDetails).toMatchObject({ lastName: 'Rao-Menon', maxHourlyRate: 45, videoTitle: 'My work in two minutes' });
  }, 60_000);

  test('still answers after the database forgot the prepared statement (PGlite)', async () => {
    // node-postgres keeps its own list per connection; only PGlite's one session is ours to manage.
    if (env.database.kind !== 'pglite') return;
    const app = await env.start();
    const user = await app.createUser();
    const me = editor(app, user.accessToken);
    const first = await me.get(PATH);
    expect(first.status).toBe(200);
    await app.db.execute(sql`DEALLOCATE ALL`);
    const again = await me.get(PATH);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
  });

  test('a new freelancer gets version 0 and no languages', async () => {
    const app = await env.start();
    const user = await app.createUser();
    const res = await editor(app, user.accessToken).get(PATH);
    expect(res.status).toBe(200);
    expect(res.body.version).toBe(0);
    expect(res.body.profileDetails).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace', description: '', languages: [] });
  });

  test('refuses a logged-out session, and every session after sign out everywhere, at once', async () => {
    const app = await env.start();
    const user = await app.createUser();
    const other = await app.signIn(user.email);
    expect((await editor(app, user.accessToken).get(PATH)).status).toBe(200);
    expect((await app.get('/api/auth/logout', { cookies: { tl_refresh: user.refreshCookie } })).status).toBe(200);
    expectFailure(await editor(app, user.accessToken).get(PATH), 401, 'TL_CORE_00401_E');
    expect((await editor(app, other.accessToken).get(PATH)).status).toBe(200);
    expect((await editor(app, other.accessToken).post('/account/sign-out-all', {})).status).toBe(200);
    expectFailure(await editor(app, other.accessToken).get(PATH), 401, 'TL_CORE_00401_E');
  });

  test('a role taken away counts at once (403), and a missing or forged token is 401', async () => {
    const app = await env.start();
    const user = await app.createUser();
    expect((await editor(app, user.accessToken).get(PATH)).status).toBe(200);
    await app.db
      .update(users)
      .set({ roles: ['client'] })
      .where(eq(users.email, user.email));
    expectFailure(await editor(app, user.accessToken).get(PATH), 403, 'TL_CORE_00403_E');
    expectFailure(await editor(app, 'not.a.token').get(PATH), 401, 'TL_CORE_00401_E');
    expectFailure(await app.get(`/api${PATH}`), 401, 'TL_CORE_00401_E');
  });
});
