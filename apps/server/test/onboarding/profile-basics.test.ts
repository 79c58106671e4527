import sharp from 'sharp';
import { describe, expect, test } from 'vitest';
import { expectFailure, findUser, useApi } from '../helpers.ts';
import { bearer, freelancerWithBasics, jpegWithExif, postProfile, validBasics } from './support.ts';

const env = useApi();

describe('POST /api/freelancer/onboarding-profile', () => {
  test('saves basics with a photo, re-encodes the photo without metadata and moves the stage on', async () => {
    const app = await env.start();
    const user = await app.createUser();
    const basics = validBasics();
    const res = await postProfile(app, user.accessToken, {
      profileData: basics,
      photo: { data: await jpegWithExif(), name: 'me.png', type: 'image/png' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'success',
      responseMessage: 'Profile Updated',
      onBoardingStage: 'EDUCATION_DETAILS',
      freelancerProfileResponse: {
        firstName: 'Asha',
        occupation: 'Web Developer',
        minHourlyRate: 0,
        maxHourlyRate: 30,
        experienceLevel: 'mid-exp',
        country: 'India',
        skills: [
          { skillName: 'React', experienceLevel: 3, status: 'ACTIVE' },
          { skillName: 'TypeScript', experienceLevel: 0, status: 'ACTIVE' },
        ],
        languages: [
          { languageCode: 'EN', proficiency: 'Fluent' },
          { languageCode: 'HI', proficiency: 'Native' },
        ],
      },
    });
    const url: string = res.body.freelancerProfileResponse.profilePhotoUrl;
    expect(url).toMatch(/^\/api\/files\/[0-9a-f-]{36}$/);
    const photo = await fetch(app.baseUrl + url);
    expect(photo.headers.get('content-type')).toBe('image/webp');
    expect(photo.headers.get('x-content-type-options')).toBe('nosniff');
    const bytes = Buffer.from(await photo.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBeLessThanOrEqual(512);
    expect(bytes.includes(Buffer.from('secret-owner'))).toBe(false);

    const read = await app.get('/api/freelancer/onboarding-profile', bearer(user.accessToken));
    expect(read.body).toMatchObject({
      status: 'success',
      onBoardingStage: 'EDUCATION_DETAILS',
      mobileNo: basics.mobileNo,
      profilePhotoUrl: url,
    });
    expect((await findUser(app.db, user.email))?.onboardingStage).toBe('EDUCATION_DETAILS');
  });

  test('the first save needs a photo; later saves keep the stored one', async () => {
    const app = await env.start();
    const user = await app.createUser();
    expectFailure(await postProfile(app, user.accessToken, { profileData: validBasics() }), 400, 'TL_CORE_10101_E');
    expect((await app.get('/api/freelancer/onboarding-profile', bearer(user.accessToken))).body.occupation).toBeNull();

    const saved = await freelancerWithBasics(app);
    const again = await postProfile(app, saved.accessToken, { profileData: validBasics({ occupation: 'Software Engineer' }) });
    expect(again.status).toBe(200);
    expect(again.body.freelancerProfileResponse.profilePhotoUrl).toBe(saved.profile.freelancerProfileResponse.profilePhotoUrl);
    expect(again.body.freelancerProfileResponse.occupation).toBe('Software Engineer');
  });

  test('a file named .png that is not an image is refused and nothing is stored', async () => {
    const app = await env.start();
    const user = await app.createUser();
    const res = await postProfile(app, user.accessToken, {
      profileData: validBasics(),
      photo: { data: Buffer.from('<?php echo "not an image"; ?>'), name: 'evil.png', type: 'image/png' },
    });
    expectFailure(res, 415, 'TL_CORE_10102_E');
    expect((await findUser(app.db, user.email))?.onboardingStage).toBe('PROFILE_BASICS');
  });

  test('a photo of 2 MB or more is refused', async () => {
    const app = await env.start();
    const user = await app.createUser();
    const big = Buffer.concat([await jpegWithExif(), Buffer.alloc(2 * 1024 * 1024, 1)]);
    expectFailure(
      await postProfile(app, user.accessToken, { profileData: validBasics(), photo: { data: big, name: 'big.jpg', type: 'image/jpeg' } }),
      413,
      'TL_CORE_10103_E',
    );
  });

  test('answers the spec codes for a bad rate, a bad phone, inappropriate words and a used phone', async () => {
    const app = await env.start();
    const user = await app.createUser();
    const photo = { data: await jpegWithExif(), name: 'me.jpg', type: 'image/jpeg' };
    const post = (overrides: Record<string, unknown>) => postProfile(app, user.accessToken, { profileData: validBasics(overrides), photo });
    expectFailure(await post({ maxHourlyRate: 0 }), 400, 'TL_CORE_10015_E');
    expectFailure(await post({ maxHourlyRate: 'abc' }), 400, 'TL_CORE_10014_E');
    expectFailure(await post({ mobileNo: '12345' }), 400, 'TL_CORE_10009_E');
    expectFailure(await post({ occupation: 'Fucking Developer' }), 400, 'TL_CORE_507_E');
    expectFailure(await post({ skills: [{ skillName: 'shit', experienceLevel: 1 }] }), 400, 'TL_CORE_508_E');

    const other = await freelancerWithBasics(app);
    const used = other.profile.freelancerProfileResponse.mobileNo;
    expectFailure(await post({ mobileNo: used }), 409, 'TL_CORE_10085_E');
    // the same number with another dialing code is someone else's phone
    const us = await post({ countryCode: 'US', dialingCode: '+1', mobileNo: '2015550123' });
    expect(us.status).toBe(200);
  });

  test('answers field messages for missing or duplicate entries and malformed profileData', async () => {
    const app = await env.start();
    const user = await app.createUser();
    const photo = { data: await jpegWithExif(), name: 'me.jpg', type: 'image/jpeg' };
    const post = (data: unknown) => postProfile(app, user.accessToken, { profileData: data, photo });
    const message = async (data: unknown) => (await post(data)).body.responseMessage as string;
    expect(await message(validBasics({ description: 'a "quoted" bio' }))).toContain('Double quotes (") are not allowed');
    expect(await message(validBasics({ skills: [] }))).toContain('Please add at least one skill before continuing.');
    expect(await message(validBasics({ languages: [] }))).toContain('Please add at least one language before continuing.');
    expect(
      await message(
        validBasics({
          skills: [
            { skillName: 'React', experienceLevel: 1 },
            { skillName: 'REACT', experienceLevel: 2 },
          ],
        }),
      ),
    ).toContain('This skill already exists in your profile');
    expect(await message(validBasics({ firstName: '' }))).toContain('First name is required');
    expectFailure(await postProfile(app, user.accessToken, { raw: '{not json', photo }), 400, 'TL_CORE_10104_E');
    const json = await app.post('/api/freelancer/onboarding-profile', validBasics(), bearer(user.accessToken));
    expectFailure(json, 415, 'TL_CORE_00415_E');
    expect((await findUser(app.db, user.email))?.onboardingStage).toBe('PROFILE_BASICS');
  });

  test('needs a signed-in user', async () => {
    const app = await env.start();
    expectFailure(await postProfile(app, 'not-a-token', { profileData: validBasics() }), 401, 'TL_CORE_00401_E');
    expectFailure(await app.get('/api/freelancer/onboarding-profile'), 401, 'TL_CORE_00401_E');
  });
});
