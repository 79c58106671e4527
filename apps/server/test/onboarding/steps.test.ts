import { describe, expect, test } from 'vitest';
import { expectFailure, findUser, useApi } from '../helpers.ts';
import { bearer, education, freelancerWithBasics, postProfile, validBasics, work } from './support.ts';

const env = useApi();
const preference = { minHoursPerWeek: 30, maxHoursPerWeek: 48, projectDurationPreference: '6+ months' };

describe('education, work and preferences', () => {
  test('a freelancer completes the steps in order and joins the talent pool', async () => {
    const app = await env.start();
    const user = await freelancerWithBasics(app);
    const auth = bearer(user.accessToken);

    const saved = await app.post('/api/freelancer/education-work', { educationDetails: education, workExp: work }, auth);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      status: 'success',
      onBoardingStage: 'WORK_PREFERENCES',
      educationDetails: [{ degree: 'Bachelor of Technology', college: 'Indian Institute of Technology, Bombay', yearOfPassed: 2019 }],
      workExperience: [
        { title: 'Frontend Developer', endDate: '2022-03-31', currentlyWorking: false },
        { title: 'Senior Frontend Developer', endDate: null, currentlyWorking: true },
      ],
    });
    expect((await app.get('/api/freelancer/education-work', auth)).body.workExperience).toHaveLength(2);

    const pref = await app.post('/api/freelancer/work-preference', preference, auth);
    expect(pref.status).toBe(200);
    expect(pref.body).toMatchObject({ onBoardingStage: 'COMPLETED', workPreferences: preference });
    expect((await app.get('/api/freelancer/work-preference', auth)).body.workPreferences).toEqual(preference);
    expect((await findUser(app.db, user.email))?.onboardingStage).toBe('COMPLETED');
    expect((await app.signIn(user.email)).body.onBoardingStage).toBe('COMPLETED');
  });

  test('a step whose predecessor is not saved is refused and changes nothing', async () => {
    const app = await env.start();
    const user = await app.createUser();
    const auth = bearer(user.accessToken);
    expectFailure(await app.post('/api/freelancer/education-work', { educationDetails: education }, auth), 409, 'TL_CORE_10100_E');
    expectFailure(await app.post('/api/freelancer/work-preference', preference, auth), 409, 'TL_CORE_10100_E');
    expect((await app.get('/api/freelancer/education-work', auth)).body.educationDetails).toEqual([]);
    expect((await findUser(app.db, user.email))?.onboardingStage).toBe('PROFILE_BASICS');
  });

  test('re-saving an earlier step never moves the stage back', async () => {
    const app = await env.start();
    const user = await freelancerWithBasics(app);
    const auth = bearer(user.accessToken);
    await app.post('/api/freelancer/education-work', { educationDetails: education }, auth);
    await app.post('/api/freelancer/work-preference', preference, auth);
    const again = await postProfile(app, user.accessToken, {
      profileData: validBasics({ mobileNo: user.profile.freelancerProfileResponse.mobileNo }),
    });
    expect(again.body.onBoardingStage).toBe('COMPLETED');
    expect((await app.post('/api/freelancer/education-work', { educationDetails: education }, auth)).body.onBoardingStage).toBe(
      'COMPLETED',
    );
  });

  test('refuses bad entries with their messages and keeps the saved ones', async () => {
    const app = await env.start();
    const user = await freelancerWithBasics(app);
    const auth = bearer(user.accessToken);
    await app.post('/api/freelancer/education-work', { educationDetails: education, workExp: work }, auth);
    const msg = async (body: unknown) => (await app.post('/api/freelancer/education-work', body, auth)).body.responseMessage as string;
    expect(await msg({ educationDetails: [] })).toContain('Please add at least one education entry');
    expect(await msg({ educationDetails: [{ ...education[0], yearOfPassed: 1900 }] })).toContain('Graduation year is required');
    expect(await msg({ educationDetails: [{ ...education[0], degree: 'Wizardry' }] })).toContain('Degree is required');
    const future = `${new Date().getFullYear() + 1}-01-01`;
    expect(await msg({ educationDetails: education, workExp: [{ ...work[0], startDate: future, endDate: null }] })).toContain(
      'Start date cannot be in the future',
    );
    expect(await msg({ educationDetails: education, workExp: [{ ...work[0], endDate: '2010-01-01' }] })).toContain(
      'End date cannot be before the start date',
    );
    expectFailure(
      await app.post('/api/freelancer/education-work', { educationDetails: [{ ...education[0], college: 'Shit University' }] }, auth),
      400,
      'TL_CORE_505_E',
    );
    expectFailure(
      await app.post(
        '/api/freelancer/education-work',
        { educationDetails: education, workExp: [{ ...work[0], company: 'Fuck Inc' }] },
        auth,
      ),
      400,
      'TL_CORE_506_E',
    );
    expectFailure(
      await app.post(
        '/api/freelancer/education-work',
        { educationDetails: education, workExp: [{ ...work[0], title: 'Shit Engineer' }] },
        auth,
      ),
      400,
      'TL_CORE_509_E',
    );
    const kept = await app.get('/api/freelancer/education-work', auth);
    expect(kept.body.educationDetails).toHaveLength(1);
    expect(kept.body.workExperience).toHaveLength(2);

    const pref = (body: unknown) => app.post('/api/freelancer/work-preference', body, auth);
    expect((await pref({ ...preference, minHoursPerWeek: 7 })).body.responseMessage).toContain('Work hours are required');
    expect((await pref({ ...preference, projectDurationPreference: 'forever' })).body.responseMessage).toContain(
      'Project duration is required',
    );
  });

  test("another user's entry ids are never taken over", async () => {
    const app = await env.start();
    const alice = await freelancerWithBasics(app);
    const bob = await freelancerWithBasics(app);
    const aliceSaved = await app.post('/api/freelancer/education-work', { educationDetails: education }, bearer(alice.accessToken));
    const aliceId = aliceSaved.body.educationDetails[0].freelancerEducationId;
    const bobSaved = await app.post(
      '/api/freelancer/education-work',
      { educationDetails: [{ ...education[0], freelancerEducationId: aliceId, college: 'Bob College' }] },
      bearer(bob.accessToken),
    );
    expect(bobSaved.status).toBe(200);
    expect(bobSaved.body.educationDetails[0].freelancerEducationId).not.toBe(aliceId);
    const aliceNow = await app.get('/api/freelancer/education-work', bearer(alice.accessToken));
    expect(aliceNow.body.educationDetails).toEqual(aliceSaved.body.educationDetails);
    // and reads only ever show the caller's own data
    expect((await app.get('/api/freelancer/onboarding-profile', bearer(bob.accessToken))).body.mobileNo).toBe(
      bob.profile.freelancerProfileResponse.mobileNo,
    );
  });
});

describe('hourly-rate suggestion', () => {
  test('answers the table for a known occupation and level, and 10-50 otherwise, by POST and GET', async () => {
    const app = await env.start();
    const user = await app.createUser();
    const auth = bearer(user.accessToken);
    const known = await app.post('/api/freelancer/hourly-rate', { occupation: 'web developer', experienceLevel: 'Expert' }, auth);
    expect(known.status).toBe(200);
    expect(known.body.minHourly).toBeGreaterThan(0);
    expect(known.body.maxHourly).toBeGreaterThan(known.body.minHourly);
    const fresher = await app.post('/api/freelancer/hourly-rate', { occupation: 'Web Developer', experienceLevel: 'fresher' }, auth);
    expect(fresher.body.maxHourly).toBeLessThanOrEqual(known.body.maxHourly);
    expect(
      (await app.post('/api/freelancer/hourly-rate', { occupation: 'Dragon Tamer', experienceLevel: 'expert' }, auth)).body,
    ).toMatchObject({ minHourly: 10, maxHourly: 50 });
    const viaGet = await app.get('/api/freelancer/hourly-rate?occupation=Web%20Developer&experienceLevel=expert', auth);
    expect(viaGet.body).toEqual(known.body);
  });
});
