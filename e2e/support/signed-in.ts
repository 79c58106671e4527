import fs from 'node:fs';
import type { APIRequestContext, APIResponse, Page } from '@playwright/test';
import { PASSWORD, expect, uniqueEmail } from './fixtures.ts';
import { readCode } from './mail.ts';
import { PHOTO, uniquePhone } from './wizard-steps.ts';

// A freelancer who has finished onboarding, made through the real API from the browser's own
// context (so the refresh cookie is the browser's): register, verify the mailed code, save the three
// setup steps. The wizard's screens have their own tests (wizard.spec.ts); the shell's tests start
// where the wizard ends.

export type Freelancer = { email: string; firstName: string; lastName: string };

export async function createCompletedFreelancer(
  page: Page,
  opts: { email?: string; firstName?: string; lastName?: string } = {},
): Promise<Freelancer> {
  const email = opts.email ?? uniqueEmail('shell');
  const firstName = opts.firstName ?? 'Asha';
  const lastName = opts.lastName ?? 'Rao';
  const api = page.request;
  const ok = async (what: string, res: APIResponse): Promise<{ accessToken?: string; onBoardingStage?: string }> => {
    expect(res.status(), `${what}: ${await res.text()}`).toBe(200);
    return (await res.json()) as { accessToken?: string; onBoardingStage?: string };
  };

  await ok('register', await api.post('/api/user/register', { data: { firstName, lastName, emailId: email, password: PASSWORD } }));
  const otp = await readCode(email);
  const session = await ok('verify', await api.post('/api/otp/verify', { data: { email, otp, purpose: 'registration' } }));
  await completeOnboarding(api, String(session.accessToken), { firstName, lastName });
  return { email, firstName, lastName };
}

/** Saves the three setup steps through the API; the user ends COMPLETED, in the talent pool. */
export async function completeOnboarding(api: APIRequestContext, accessToken: string, names: { firstName: string; lastName: string }) {
  const { firstName, lastName } = names;
  const ok = async (what: string, res: APIResponse): Promise<{ onBoardingStage?: string }> => {
    expect(res.status(), `${what}: ${await res.text()}`).toBe(200);
    return (await res.json()) as { onBoardingStage?: string };
  };
  const headers = { Authorization: `Bearer ${accessToken}` };

  const profileData = {
    firstName,
    lastName,
    description: 'Frontend developer who builds fast, accessible web apps.',
    countryCode: 'IN',
    dialingCode: '+91',
    mobileNo: uniquePhone(),
    occupation: 'Web Developer',
    minHourlyRate: 0,
    maxHourlyRate: 30,
    experienceLevel: 'mid-exp',
    skills: [{ skillName: 'React', experienceLevel: 3 }],
    languages: [{ languageCode: 'EN', proficiency: 'Fluent' }],
  };
  await ok(
    'profile basics',
    await api.post('/api/freelancer/onboarding-profile', {
      headers,
      multipart: {
        profileData: JSON.stringify(profileData),
        profilePhoto: { name: 'avatar.jpg', mimeType: 'image/jpeg', buffer: fs.readFileSync(PHOTO) },
      },
    }),
  );
  await ok(
    'education and work',
    await api.post('/api/freelancer/education-work', {
      headers,
      data: {
        educationDetails: [{ degree: 'Bachelor of Technology', college: 'University of Delhi', yearOfPassed: 2019 }],
        workExp: [{ title: 'Frontend Developer', company: 'Infosys', startDate: '2020-07-01', endDate: '2023-03-31' }],
      },
    }),
  );
  const done = await ok(
    'work preference',
    await api.post('/api/freelancer/work-preference', {
      headers,
      data: { minHoursPerWeek: 30, maxHoursPerWeek: 48, projectDurationPreference: '1-6 months' },
    }),
  );
  expect(done.onBoardingStage).toBe('COMPLETED');
}
