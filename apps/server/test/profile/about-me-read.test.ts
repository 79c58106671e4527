import { logout } from '@talentloop/contract/api/auth';
import { getProfileDetails, saveProfileDetails } from '@talentloop/contract/api/profile-editor';
import { signOutEverywhere } from '@talentloop/contract/api/security';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { users } from '../../src/infra/db/schema.ts';
import { type CallResult, type TestApp, call, expectFailure, expectOk, okBody, useApi } from '../helpers.ts';
import { aboutBody, completedFreelancer, startCountingApp } from './support.ts';

// GET /freelancer-settings/profile-details, the hot read (issue 12): the guard's session check,
// the section, its version and the completion in one statement, with the same access rules.

const env = useApi();

/** The About Me load as `token`'s user (none: signed out). */
const load = (app: TestApp, token?: string) => call(app, getProfileDetails, {}, { token });

describe('the About Me load', () => {
  test('is one statement, session check included, and answers the saved section', async () => {
    const { app, queriesOf: statementsOf } = await startCountingApp(env, /"sessions"|"users"|freelancer_|tl_about_me_read/);
    const user = await completedFreelancer(app);
    const loaded = okBody(await load(app, user.accessToken));
    const saved = await call(
      app,
      saveProfileDetails,
      { body: { ...aboutBody({ mobileNo: loaded.profileDetails.mobileNo }), version: loaded.version } },
      { token: user.accessToken },
    );
    expectOk(saved);

    let res: CallResult<typeof getProfileDetails> | undefined;
    expect(await statementsOf(async () => (res = await load(app, user.accessToken)))).toBe(1);
    expectOk(res);
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
    const first = await load(app, user.accessToken);
    expect(first.status).toBe(200);
    await app.db.execute(sql`DEALLOCATE ALL`);
    const again = await load(app, user.accessToken);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
  });

  test('a new freelancer gets version 0 and no languages', async () => {
    const app = await env.start();
    const user = await app.createUser();
    const res = await load(app, user.accessToken);
    expectOk(res);
    expect(res.body.version).toBe(0);
    expect(res.body.profileDetails).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace', description: '', languages: [] });
  });

  test('refuses a logged-out session, and every session after sign out everywhere, at once', async () => {
    const app = await env.start();
    const user = await app.createUser();
    const other = await app.signIn(user.email);
    expect((await load(app, user.accessToken)).status).toBe(200);
    expect((await call(app, logout, {}, { cookies: { tl_refresh: user.refreshCookie } })).status).toBe(200);
    expectFailure(await load(app, user.accessToken), 401, 'TL_CORE_00401_E');
    expect((await load(app, other.accessToken)).status).toBe(200);
    expect((await call(app, signOutEverywhere, {}, { token: other.accessToken })).status).toBe(200);
    expectFailure(await load(app, other.accessToken), 401, 'TL_CORE_00401_E');
  });

  test('a role taken away counts at once (403), and a missing or forged token is 401', async () => {
    const app = await env.start();
    const user = await app.createUser();
    expect((await load(app, user.accessToken)).status).toBe(200);
    await app.db
      .update(users)
      .set({ roles: ['client'] })
      .where(eq(users.email, user.email));
    expectFailure(await load(app, user.accessToken), 403, 'TL_CORE_00403_E');
    expectFailure(await load(app, 'not.a.token'), 401, 'TL_CORE_00401_E');
    expectFailure(await load(app), 401, 'TL_CORE_00401_E');
  });
});
