import fs from 'node:fs';
import type { APIRequestContext, APIResponse } from '@playwright/test';

/** A page, or a browser context used only for its API (no page: no renderer started). */
type Party = { request: APIRequestContext };
import { PASSWORD, expect, uniqueEmail, uniqueRegistrationNumber } from './fixtures.ts';
import { PHOTO, uniquePhone } from './wizard-steps.ts';

// State a test only needs, made without the UI and without a mail round trip (issue 9): the
// account comes from the server's seeding route (apps/server/src/features/test-seed, which a
// production server refuses), everything past it from the real API, in the browser's own context
// (so the refresh cookie is the browser's). The screens that make this state have their own
// journeys (auth.spec.ts: sign-up with the mailed code; wizard.spec.ts: the three setup steps).

export type Seeded = { email: string; firstName: string; lastName: string; accessToken: string };
export type Freelancer = Seeded & { phone: string };
/** How far through onboarding a seeded freelancer is (the stage the wizard opens on). */
export type SeedStage = 'PROFILE_BASICS' | 'EDUCATION_DETAILS' | 'WORK_PREFERENCES' | 'COMPLETED';

const SEED_PATH = '/api/test-seed/account';
const SEED_HEADER = 'x-test-seed-secret';

async function ok<T = Record<string, unknown>>(what: string, res: APIResponse): Promise<T> {
  expect(res.status(), `${what}: ${await res.text()}`).toBe(200);
  return (await res.json()) as T;
}

/** A verified account, signed in in this page's context. */
export async function seedAccount(
  page: Party,
  opts: {
    email?: string;
    firstName?: string;
    lastName?: string;
    userType?: 'freelancer' | 'client';
    company?: string;
    /** The operator role as well (document review). */
    operator?: boolean;
    /** Client only: the one-time welcome already dismissed. */
    welcomeSeen?: boolean;
    /** Client only: an address already proven by the company email code. */
    verifiedCompanyEmail?: string;
  } = {},
): Promise<Seeded> {
  const secret = process.env.E2E_SEED_SECRET;
  if (!secret) throw new Error('E2E_SEED_SECRET is unset: run the suite through e2e/playwright.config.ts');
  const email = opts.email ?? uniqueEmail(opts.userType ?? 'seed');
  const firstName = opts.firstName ?? 'Asha';
  const lastName = opts.lastName ?? 'Rao';
  const session = await ok<{ accessToken: string }>(
    'seed account',
    await page.request.post(SEED_PATH, {
      headers: { [SEED_HEADER]: secret },
      data: {
        firstName,
        lastName,
        emailId: email,
        password: PASSWORD,
        userType: opts.userType ?? 'freelancer',
        company: opts.company ?? '',
        ...(opts.operator ? { operator: true } : {}),
        ...(opts.welcomeSeen ? { welcomeSeen: true } : {}),
        ...(opts.verifiedCompanyEmail ? { verifiedCompanyEmail: opts.verifiedCompanyEmail } : {}),
      },
    }),
  );
  return { email, firstName, lastName, accessToken: session.accessToken };
}

/**
 * Time passing for an accepted interview: the seeding route moves its accepted time so that it
 * ended a minute ago (the suite runs on real time; a company marks an interview held only after
 * its end). Nothing else changes: the outcome, the stage and the review then go through the real API.
 */
export async function endInterview(page: Party, interviewId: string): Promise<void> {
  const secret = process.env.E2E_SEED_SECRET;
  if (!secret) throw new Error('E2E_SEED_SECRET is unset: run the suite through e2e/playwright.config.ts');
  await ok(
    'end interview',
    await page.request.post('/api/test-seed/interview-ended', { headers: { [SEED_HEADER]: secret }, data: { interviewId } }),
  );
}

/**
 * Work done for a hire (issue 34): the seeding route gives it an ended engagement with one approved
 * week, which is what makes a hire reviewable (the engagement's own journey is in its spec).
 */
export async function ageHire(page: Party, hireId: string): Promise<void> {
  const secret = process.env.E2E_SEED_SECRET;
  if (!secret) throw new Error('E2E_SEED_SECRET is unset: run the suite through e2e/playwright.config.ts');
  await ok('age hire', await page.request.post('/api/test-seed/hire-aged', { headers: { [SEED_HEADER]: secret }, data: { hireId } }));
}

/**
 * Time passing in a conversation (issue 36): its messages move `minutes` back, so the missed-message
 * sweep treats them as unread that long (the suite runs on real time).
 */
export async function ageMessages(page: Party, conversationId: string, minutes: number): Promise<void> {
  const secret = process.env.E2E_SEED_SECRET;
  if (!secret) throw new Error('E2E_SEED_SECRET is unset: run the suite through e2e/playwright.config.ts');
  await ok(
    'age messages',
    await page.request.post('/api/test-seed/messages-aged', { headers: { [SEED_HEADER]: secret }, data: { conversationId, minutes } }),
  );
}

/**
 * Billing details ready for an account (issue 34): a company owner's company gets complete details
 * with a proven billing email (answered as `billingEmail`), a freelancer theirs, so an engagement
 * journey can start at the offer. The billing pages have their own journeys.
 */
export async function billingReady(page: Party, email: string): Promise<{ billingEmail?: string }> {
  const secret = process.env.E2E_SEED_SECRET;
  if (!secret) throw new Error('E2E_SEED_SECRET is unset: run the suite through e2e/playwright.config.ts');
  return ok<{ billingEmail?: string }>(
    'billing ready',
    await page.request.post('/api/test-seed/billing-ready', { headers: { [SEED_HEADER]: secret }, data: { email } }),
  );
}

export type CompanyBasics = { websiteUrl?: string; country?: string };

/**
 * A verified company account ('Maya Iyer'), signed in in this page's context, its welcome dismissed
 * (the welcome has its own journey in company.spec.ts). `basics` saves Profile Basics through the
 * API; `verifiedEmail` also saves the contact with that address, already proven (the email code has
 * its own journey).
 */
export async function createCompany(
  page: Party,
  opts: { company?: string; basics?: CompanyBasics; verifiedEmail?: string; welcomeSeen?: boolean; verified?: boolean } = {},
): Promise<Seeded & { company: string }> {
  if (opts.verified) {
    // Instant verification needs a website and a proven email at its domain, and a registration number of its own.
    const domain = `acme-${crypto.randomUUID().slice(0, 8)}.com`;
    opts = { ...opts, basics: { websiteUrl: `https://www.${domain}` }, verifiedEmail: `hello@${domain}` };
  }
  const company = opts.company ?? 'Acme Labs';
  const account = await seedAccount(page, {
    email: uniqueEmail('company'),
    firstName: 'Maya',
    lastName: 'Iyer',
    userType: 'client',
    company,
    welcomeSeen: opts.welcomeSeen ?? true,
    verifiedCompanyEmail: opts.verifiedEmail,
  });
  const headers = { authorization: `Bearer ${account.accessToken}` };
  if (opts.basics)
    await ok(
      'company basics',
      await page.request.put('/api/company/profile-basics', {
        headers,
        data: {
          companyName: company,
          industry: 'Information Technology',
          companySize: 'small-business',
          country: opts.basics.country ?? 'US',
          aboutCompany: 'We build tools for hiring teams.',
          websiteUrl: opts.basics.websiteUrl ?? 'https://www.acme-example.com',
          version: 0,
        },
      }),
    );
  if (opts.verifiedEmail)
    await ok(
      'company contact',
      await page.request.put('/api/company/contact', {
        headers,
        data: {
          email: opts.verifiedEmail,
          country: 'US',
          address: '1 Main Street',
          phoneCountryCode: '+1',
          phoneNumber: '201 555 0123',
          socials: [],
          version: 0,
        },
      }),
    );
  if (opts.verified)
    await ok(
      'instant verification',
      await page.request.post('/api/company/verification/instant', {
        headers,
        data: {
          companyName: company,
          businessRegistrationNumber: uniqueRegistrationNumber(),
          country: 'US',
        },
      }),
    );
  return { ...account, company };
}

/** A verified freelancer whose onboarding has reached `stage` (its earlier steps saved through the API). */
export async function createFreelancerAt(
  page: Party,
  stage: SeedStage,
  opts: { email?: string; firstName?: string; lastName?: string; phone?: string } = {},
): Promise<Freelancer> {
  const account = await seedAccount(page, { ...opts, email: opts.email ?? uniqueEmail('shell') });
  const phone = opts.phone ?? uniquePhone();
  await saveSteps(page.request, account.accessToken, { ...account, phone }, stage);
  return { ...account, phone };
}

/** A freelancer who has finished onboarding: in the talent pool, on the dashboard. */
export function createCompletedFreelancer(page: Party, opts: { email?: string; firstName?: string; lastName?: string } = {}) {
  return createFreelancerAt(page, 'COMPLETED', opts);
}

/** Saves the three setup steps through the API; the user ends COMPLETED, in the talent pool. */
export async function completeOnboarding(api: APIRequestContext, accessToken: string, names: { firstName: string; lastName: string }) {
  await saveSteps(api, accessToken, { ...names, phone: uniquePhone() }, 'COMPLETED');
}

const ORDER: readonly SeedStage[] = ['PROFILE_BASICS', 'EDUCATION_DETAILS', 'WORK_PREFERENCES', 'COMPLETED'];

async function saveSteps(
  api: APIRequestContext,
  accessToken: string,
  who: { firstName: string; lastName: string; phone: string },
  stage: SeedStage,
) {
  const reached = ORDER.indexOf(stage);
  const headers = { Authorization: `Bearer ${accessToken}` };
  if (reached >= 1) {
    const profileData = {
      firstName: who.firstName,
      lastName: who.lastName,
      description: 'Frontend developer who builds fast, accessible web apps for SaaS teams.',
      countryCode: 'IN',
      dialingCode: '+91',
      mobileNo: who.phone,
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
  }
  if (reached >= 2)
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
  if (reached >= 3) {
    const done = await ok<{ onBoardingStage?: string }>(
      'work preference',
      await api.post('/api/freelancer/work-preference', {
        headers,
        data: { minHoursPerWeek: 30, maxHoursPerWeek: 48, projectDurationPreference: '1-6 months' },
      }),
    );
    expect(done.onBoardingStage).toBe('COMPLETED');
  }
}
