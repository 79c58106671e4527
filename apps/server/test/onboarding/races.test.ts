import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { files, freelancerProfiles } from '../../src/infra/db/schema.ts';
import { expectFailure, findUser, useApi } from '../helpers.ts';
import { bearer, education, freelancerWithBasics, jpegWithExif, postProfile, randomIndianMobile, validBasics, work } from './support.ts';

// Saves that run at the same time, and inputs that used to answer the wrong error (issue 9, issue 8).

const env = useApi();
const preference = { minHoursPerWeek: 30, maxHoursPerWeek: 48, projectDurationPreference: '6+ months' };

describe('parallel saves', () => {
  test('a slow basics save beside the work-preference save never moves the stage back', async () => {
    const app = await env.start();
    const users = [await freelancerWithBasics(app), await freelancerWithBasics(app)];
    for (const user of users) {
      const saved = await app.post(
        '/api/freelancer/education-work',
        { educationDetails: education, workExp: work },
        bearer(user.accessToken),
      );
      expect(saved.body.onBoardingStage).toBe('WORK_PREFERENCES');
    }
    const photo = await jpegWithExif(1600, 1200);
    await Promise.all(
      users.map(async (user) => {
        const mobileNo = user.profile.freelancerProfileResponse.mobileNo;
        const [basics, pref] = await Promise.all([
          postProfile(app, user.accessToken, {
            profileData: validBasics({ mobileNo }),
            photo: { data: photo, name: 'big.jpg', type: 'image/jpeg' },
          }),
          app.post('/api/freelancer/work-preference', preference, bearer(user.accessToken)),
        ]);
        expect(basics.status).toBe(200);
        expect(pref.body.onBoardingStage).toBe('COMPLETED');
        expect((await findUser(app.db, user.email))?.onboardingStage).toBe('COMPLETED');
        expect((await app.signIn(user.email)).body.onBoardingStage).toBe('COMPLETED');
      }),
    );
  }, 90_000);

  test('parallel profile saves with photos leave exactly one photo file, the one the profile shows', async () => {
    const app = await env.start();
    const user = await freelancerWithBasics(app);
    const row = await findUser(app.db, user.email);
    const mobileNo = user.profile.freelancerProfileResponse.mobileNo;
    const photos = await Promise.all([jpegWithExif(900, 700), jpegWithExif(700, 900), jpegWithExif(800, 800)]);
    const results = await Promise.all(
      photos.map((data) =>
        postProfile(app, user.accessToken, { profileData: validBasics({ mobileNo }), photo: { data, name: 'me.jpg', type: 'image/jpeg' } }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    const current = (await findUser(app.db, user.email))?.profilePhotoUrl;
    const left = await app.db
      .select({ id: files.id })
      .from(files)
      .where(and(eq(files.ownerId, row?.id ?? ''), eq(files.kind, 'profile-photo')));
    expect(left.map((f) => `/api/files/${f.id}`)).toEqual([current]);
    const served = await Promise.all(
      results.map(async (r) => (await fetch(`${app.baseUrl}${r.body.freelancerProfileResponse.profilePhotoUrl}`)).status),
    );
    expect(served.filter((s) => s === 200)).toHaveLength(1);
  });

  test('saving preferences again keeps the date the freelancer entered the talent pool', async () => {
    const app = await env.start();
    const user = await freelancerWithBasics(app);
    const auth = bearer(user.accessToken);
    await app.post('/api/freelancer/education-work', { educationDetails: education }, auth);
    await app.post('/api/freelancer/work-preference', preference, auth);
    const row = await findUser(app.db, user.email);
    const pool = async () =>
      (
        await app.db
          .select({ at: freelancerProfiles.inTalentPoolAt })
          .from(freelancerProfiles)
          .where(eq(freelancerProfiles.userId, row?.id ?? ''))
      )[0]?.at;
    const first = await pool();
    expect(first).toBeInstanceOf(Date);
    app.clock.advance(60_000);
    await app.post('/api/freelancer/work-preference', { ...preference, projectDurationPreference: '1-6 months' }, auth);
    expect(await pool()).toEqual(first);
  });
});

describe('errors the saves used to misreport', () => {
  test('two freelancers saving the same new phone number at once: one wins, the other answers TL_CORE_10085_E', {
    timeout: 90_000,
  }, async () => {
    const app = await env.start();
    const a = await freelancerWithBasics(app);
    const b = await freelancerWithBasics(app);
    const phone = randomIndianMobile();
    const results = await Promise.all(
      [a, b].map((user) => postProfile(app, user.accessToken, { profileData: validBasics({ mobileNo: phone }) })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.status === 409)?.body.responseCode).toBe('TL_CORE_10085_E');
  });

  test('the same entry id twice in one save answers 400, not 500, and changes nothing', async () => {
    const app = await env.start();
    const user = await freelancerWithBasics(app);
    const auth = bearer(user.accessToken);
    const saved = await app.post('/api/freelancer/education-work', { educationDetails: education, workExp: work }, auth);
    const [edu] = saved.body.educationDetails;
    const [job] = saved.body.workExperience;
    const { currentlyWorking: _c, ...jobEntry } = job;
    expectFailure(
      await app.post('/api/freelancer/education-work', { educationDetails: [edu, { ...edu, yearOfPassed: 2015 }], workExp: work }, auth),
      400,
      'TL_CORE_00400_E',
    );
    expectFailure(
      await app.post(
        '/api/freelancer/education-work',
        { educationDetails: [edu], workExp: [jobEntry, { ...jobEntry, title: 'Lead' }] },
        auth,
      ),
      400,
      'TL_CORE_00400_E',
    );
    const now = await app.get('/api/freelancer/education-work', auth);
    expect(now.body.educationDetails).toEqual(saved.body.educationDetails);
    expect(now.body.workExperience).toEqual(saved.body.workExperience);
  });

  test('a unique violation other than the phone number is not reported as "phone already used"', { timeout: 90_000 }, async () => {
    const app = await env.start();
    // A uniqueness rule of another column (test-only, on one occupation), violated by a second user.
    await app.db.execute(
      sql.raw(`CREATE UNIQUE INDEX test_only_occupation_key ON freelancer_profiles (occupation) WHERE occupation = 'Lighthouse Keeper'`),
    );
    try {
      const first = await freelancerWithBasics(app);
      const mobileNo = first.profile.freelancerProfileResponse.mobileNo;
      const ok = await postProfile(app, first.accessToken, { profileData: validBasics({ mobileNo, occupation: 'Lighthouse Keeper' }) });
      expect(ok.status).toBe(200);
      const second = await freelancerWithBasics(app);
      const res = await postProfile(app, second.accessToken, {
        profileData: validBasics({ mobileNo: second.profile.freelancerProfileResponse.mobileNo, occupation: 'Lighthouse Keeper' }),
      });
      expect(res.status).toBe(409);
      expect(res.body.responseCode).not.toBe('TL_CORE_10085_E');
      // The phone rule itself still answers its own code.
      expectFailure(await postProfile(app, second.accessToken, { profileData: validBasics({ mobileNo }) }), 409, 'TL_CORE_10085_E');
    } finally {
      await app.db.execute(sql.raw('DROP INDEX IF EXISTS test_only_occupation_key'));
    }
  });
});
