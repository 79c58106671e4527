import { describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { freelancerLanguages } from '../src/infra/db/schema.ts';
import { findUser, useApi } from './helpers.ts';
import { bearer, education, freelancerWithBasics, postProfile, validBasics, work } from './onboarding/support.ts';

// The server enforces every field rule the form does (issue 8 "the server accepts what the form
// refuses", issue 9 "one definition per field"): each bad value is a 4xx with the error envelope
// and changes nothing.

const env = useApi();

const expectRefused = (
  res: { status: number; body: { status?: string; responseCode?: string; responseMessage?: string } },
  label: string,
) => {
  expect({ label, status: res.status, status_: res.body?.status }).toEqual({ label, status: 400, status_: 'failure' });
  expect(res.body.responseCode, label).toMatch(/^TL_CORE_\d+_E$/);
  expect(res.body.responseMessage, label).toBeTruthy();
};

describe('profile basics refuse what the form refuses', () => {
  test('HTML, URLs, bidi controls and NUL in names, unknown countries, absurd rates and NUL in any text: 400, nothing stored', async () => {
    const app = await env.start();
    const user = await freelancerWithBasics(app);
    const auth = bearer(user.accessToken);
    const before = (await app.get('/api/freelancer/onboarding-profile', auth)).body;
    const mobileNo = user.profile.freelancerProfileResponse.mobileNo;

    const cases: Array<[string, Record<string, unknown>, string?]> = [
      ['html in a first name', { firstName: 'R2D2 <b>' }, 'First name must contain letters only'],
      ['a URL as a last name', { lastName: 'https://evil.example.com' }, 'Last name must contain letters only'],
      ['a right-to-left override in a name', { firstName: 'Asha\u202Egnp.exe' }],
      ['a bidi isolate in a name', { lastName: 'Rao\u2066' }],
      ['NUL in a name', { firstName: 'As\u0000ha' }],
      ['an unknown country', { countryCode: 'ZZ' }, 'Please choose a country from the list'],
      ['a country name instead of a code', { countryCode: 'India' }],
      ['a rate that rounds to zero', { maxHourlyRate: 1e-320 }, 'Hourly rate must be between $1 and $1,000'],
      ['a rate in exponent notation', { maxHourlyRate: '1e3' }],
      ['an absurd rate', { maxHourlyRate: 1e9 }],
      ['NUL in the bio', { description: 'I build\u0000 apps' }],
      ['NUL in the occupation', { occupation: 'Web\u0000Developer' }],
      ['markup in the occupation', { occupation: '<img src=x onerror=alert(1)>' }],
      ['NUL in a skill', { skills: [{ skillName: 'Re\u0000act', experienceLevel: 1 }] }],
      ['NUL in the phone number', { mobileNo: `${mobileNo}\u0000` }],
      ['an unknown language', { languages: [{ languageCode: 'xx', proficiency: 'Fluent' }] }],
    ];
    for (const [label, override, message] of cases) {
      const res = await postProfile(app, user.accessToken, { profileData: validBasics({ mobileNo, ...override }) });
      expectRefused(res, label);
      if (message) expect(res.body.responseMessage, label).toContain(message);
    }
    expect((await app.get('/api/freelancer/onboarding-profile', auth)).body).toEqual(before);
  });

  test('names of any script with their marks, and codes in any case, are accepted and stored canonically', async () => {
    const app = await env.start();
    const user = await freelancerWithBasics(app);
    const mobileNo = user.profile.freelancerProfileResponse.mobileNo;
    const res = await postProfile(app, user.accessToken, {
      profileData: validBasics({
        mobileNo,
        firstName: 'अनुराग',
        lastName: "O'Brien-Smith",
        countryCode: 'de',
        maxHourlyRate: '12.345',
        languages: [{ languageCode: 'En', proficiency: 'fluent' }],
      }),
    });
    expect(res.status).toBe(200);
    expect(res.body.freelancerProfileResponse).toMatchObject({
      firstName: 'अनुराग',
      lastName: "O'Brien-Smith",
      countryCode: 'DE',
      maxHourlyRate: 12.35,
    });
    const userId = (await findUser(app.db, user.email))?.id ?? '';
    const stored = await app.db.select().from(freelancerLanguages).where(eq(freelancerLanguages.userId, userId));
    expect(stored.map((l) => [l.languageCode, l.proficiency])).toEqual([['en', 'Fluent']]);
  });
});

describe('education and work refuse impossible dates and bad text', () => {
  test('impossible dates, NUL bytes and the same id twice: 400 with a clear message, nothing changed', async () => {
    const app = await env.start();
    const user = await freelancerWithBasics(app);
    const auth = bearer(user.accessToken);
    const saved = await app.post('/api/freelancer/education-work', { educationDetails: education, workExp: work }, auth);
    expect(saved.status).toBe(200);
    const before = (await app.get('/api/freelancer/education-work', auth)).body;
    const eduId = saved.body.educationDetails[0].freelancerEducationId;
    const workId = saved.body.workExperience[0].freelancerWorkExpId;

    const cases: Array<[string, Record<string, unknown>, string?]> = [
      ['30 February as a start', { workExp: [{ ...work[0], startDate: '2023-02-30' }] }, 'Invalid date format'],
      ['year zero as a start', { workExp: [{ ...work[0], startDate: '0000-01-01' }] }, 'Invalid date format'],
      ['month 13 as an end', { workExp: [{ ...work[0], endDate: '2023-13-01' }] }, 'Invalid date format'],
      ['31 April as an end', { workExp: [{ ...work[0], endDate: '2023-04-31' }] }, 'Invalid date format'],
      ['text as a date', { workExp: [{ ...work[0], startDate: 'yesterday' }] }, 'Invalid date format'],
      ['NUL in a date', { workExp: [{ ...work[0], startDate: '2019-07-01\u0000' }] }],
      ['NUL in a title', { workExp: [{ ...work[0], title: 'Dev\u0000' }] }],
      ['NUL in a company', { workExp: [{ ...work[0], company: '\u0000Infosys' }] }],
      ['NUL in a university', { educationDetails: [{ ...education[0], college: 'IIT\u0000' }] }],
      ['NUL in a degree', { educationDetails: [{ ...education[0], degree: 'PhD\u0000' }] }],
      [
        'the same education id twice',
        {
          educationDetails: [
            { ...education[0], freelancerEducationId: eduId },
            { ...education[0], freelancerEducationId: eduId },
          ],
        },
        'The same entry is listed twice',
      ],
      [
        'the same work id twice',
        {
          workExp: [
            { ...work[0], freelancerWorkExpId: workId },
            { ...work[1], freelancerWorkExpId: workId },
          ],
        },
        'The same entry is listed twice',
      ],
    ];
    for (const [label, override, message] of cases) {
      const res = await app.post('/api/freelancer/education-work', { educationDetails: education, workExp: work, ...override }, auth);
      expectRefused(res, label);
      if (message) expect(res.body.responseMessage, label).toContain(message);
    }
    expect((await app.get('/api/freelancer/education-work', auth)).body).toEqual(before);
  });

  test("work dates given as month and year are saved as the month's first day", async () => {
    const app = await env.start();
    const user = await freelancerWithBasics(app);
    const res = await app.post(
      '/api/freelancer/education-work',
      { educationDetails: education, workExp: [{ title: 'Developer', company: 'Infosys', startDate: '2019-07', endDate: '2021-02' }] },
      bearer(user.accessToken),
    );
    expect(res.status).toBe(200);
    expect(res.body.workExperience[0]).toMatchObject({ startDate: '2019-07-01', endDate: '2021-02-01' });
  });
});

describe('search refuses what no list holds', () => {
  test('a NUL byte or a bidi control in a search query is a 400, not a 500', async () => {
    const app = await env.start();
    const auth = bearer((await app.createUser()).accessToken);
    for (const kind of ['skill', 'occupation', 'university', 'designation', 'company']) {
      expectRefused(await app.get(`/api/search/${kind}?query=abc%00def`, auth), `${kind} NUL`);
      expectRefused(await app.get(`/api/search/${kind}?query=abc%E2%80%AEdef`, auth), `${kind} bidi`);
    }
  });
});
