import { describe, expect, test } from 'vitest';
import { freelancerPortfolio } from '../../src/infra/db/schema.ts';
import { type Json, expectFailure, findUser, useApi } from '../helpers.ts';
import { aboutBody, completedFreelancer, editor, preference } from './support.ts';

const env = useApi();

const certs = [
  {
    certificationName: 'AWS Certified Developer',
    issuingOrganization: 'Amazon Web Services',
    dateIssued: '2023-05-10',
    certificationUrl: 'https://aws.amazon.com/verify/1',
  },
  { certificationName: 'Scrum Master', issuingOrganization: 'Scrum Alliance', dateIssued: '2021-11-02' },
];

/** Each section: its path, and a valid save made from what its load answered. */
const SECTIONS: { name: string; path: string; save: (loaded: Json) => Record<string, unknown> }[] = [
  {
    name: 'About Me',
    path: '/freelancer-settings/profile-details',
    save: (l) => aboutBody({ mobileNo: l.profileDetails.mobileNo, description: `Updated ${Math.random()}` }),
  },
  {
    name: 'skills',
    path: '/freelancer-settings/skills-details',
    save: (l) => ({ skills: [...l.skills, { skillName: `Skill ${Math.floor(Math.random() * 1e6)}`, experienceLevel: 2 }] }),
  },
  {
    name: 'education',
    path: '/freelancer-settings/education-details',
    save: (l) => ({
      educationDetails: [...l.educationDetails, { degree: 'Master of Science', college: 'University of Mumbai', yearOfPassed: 2021 }],
    }),
  },
  {
    name: 'work experience',
    path: '/freelancer-settings/experience-details',
    save: (l) => ({
      workExperience: [
        ...l.workExperience.map(({ currentlyWorking: _c, ...w }: Json) => w),
        { title: 'Intern', company: 'Wipro', startDate: '2018-01-01', endDate: '2018-06-30' },
      ],
    }),
  },
  { name: 'certifications', path: '/freelancer-settings/certification-details', save: () => ({ certificateDetails: certs }) },
];

describe('every section', () => {
  for (const section of SECTIONS) {
    test(`${section.name}: a load carries a version and the completion; a save bumps the version`, async () => {
      const app = await env.start();
      const user = await completedFreelancer(app);
      const api = editor(app, user.accessToken);
      const loaded = await api.get(section.path);
      expect(loaded.status).toBe(200);
      expect(loaded.body).toMatchObject({ status: 'success', version: expect.any(Number), competitionPercentage: expect.any(Number) });
      const saved = await api.put(section.path, { ...section.save(loaded.body), version: loaded.body.version });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect(saved.body).toMatchObject({ status: 'success', version: loaded.body.version + 1, competitionPercentage: expect.any(Number) });
      const again = await api.get(section.path);
      expect(again.body.version).toBe(loaded.body.version + 1);
    });

    test(`${section.name}: a save made from stale data is refused and changes nothing`, async () => {
      const app = await env.start();
      const user = await completedFreelancer(app);
      const api = editor(app, user.accessToken);
      const loaded = await api.get(section.path);
      // Another tab saves first...
      const first = await api.put(section.path, { ...section.save(loaded.body), version: loaded.body.version });
      expect(first.status).toBe(200);
      const afterFirst = await api.get(section.path);
      // ...then this tab saves from what it loaded before.
      const stale = await api.put(section.path, { ...section.save(loaded.body), version: loaded.body.version });
      expectFailure(stale, 409, 'TL_CORE_10110_E');
      expect(stale.body.responseMessage).toBe('This section was changed elsewhere. Reload it to see the latest version.');
      expect(await api.get(section.path)).toMatchObject({ status: 200, body: afterFirst.body });
    });
  }

  test('two saves made from the same version at once: exactly one wins', async () => {
    const app = await env.start();
    const user = await completedFreelancer(app);
    const api = editor(app, user.accessToken);
    const loaded = await api.get('/freelancer-settings/skills-details');
    const results = await Promise.all(
      ['Go', 'Rust', 'Elixir'].map((skillName) =>
        api.put('/freelancer-settings/skills-details', { skills: [{ skillName, experienceLevel: 1 }], version: loaded.body.version }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    const winner = results.find((r) => r.status === 200)?.body.skills;
    expect((await api.get('/freelancer-settings/skills-details')).body.skills).toEqual(winner);
  });
});

describe('About Me', () => {
  test('loads the saved profile and saves every field; names change on the account too', async () => {
    const app = await env.start();
    const user = await completedFreelancer(app);
    const api = editor(app, user.accessToken);
    const loaded = await api.get('/freelancer-settings/profile-details');
    expect(loaded.body.profileDetails).toMatchObject({
      firstName: 'Asha',
      lastName: 'Rao',
      countryCode: 'IN',
      country: 'India',
      occupation: 'Web Developer',
      minHourlyRate: 0,
      maxHourlyRate: 30,
      experienceLevel: 'mid-exp',
      languages: [
        { languageCode: 'en', proficiency: 'Fluent' },
        { languageCode: 'hi', proficiency: 'Native' },
      ],
      videoTitle: null,
      videoUrl: null,
      profilePhotoUrl: expect.stringMatching(/^\/api\/files\//),
    });
    const body = aboutBody({ mobileNo: loaded.body.profileDetails.mobileNo });
    const saved = await api.put('/freelancer-settings/profile-details', { ...body, version: loaded.body.version });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      status: 'success',
      responseCode: 'TL_CORE_00200_S',
      responseMessage: 'Profile Updated',
      profileDetails: {
        lastName: 'Rao-Menon',
        maxHourlyRate: 45,
        minHourlyRate: 0,
        experienceLevel: 'experienced',
        languages: [
          { languageCode: 'en', proficiency: 'Fluent' },
          { languageCode: 'ta', proficiency: 'Native' },
        ],
        videoTitle: 'My work in two minutes',
        videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      },
    });
    expect((await findUser(app.db, user.email))?.lastName).toBe('Rao-Menon');
    // The wizard's read sees the same data (one write path).
    const wizard = await app.get('/api/freelancer/onboarding-profile', { headers: { authorization: `Bearer ${user.accessToken}` } });
    expect(wizard.body).toMatchObject({ lastName: 'Rao-Menon', maxHourlyRate: 45, onBoardingStage: 'COMPLETED' });
  });

  test("another freelancer's phone number answers TL_CORE_10085_E and changes nothing", { timeout: 90_000 }, async () => {
    const app = await env.start();
    const first = await completedFreelancer(app);
    const second = await completedFreelancer(app);
    const taken = (await editor(app, first.accessToken).get('/freelancer-settings/profile-details')).body.profileDetails.mobileNo;
    const api = editor(app, second.accessToken);
    const before = await api.get('/freelancer-settings/profile-details');
    expectFailure(
      await api.put('/freelancer-settings/profile-details', { ...aboutBody({ mobileNo: taken }), version: before.body.version }),
      409,
      'TL_CORE_10085_E',
    );
    expect((await api.get('/freelancer-settings/profile-details')).body).toEqual(before.body);
  });

  test('an inappropriate occupation answers TL_CORE_507_E; a bad field answers its message', async () => {
    const app = await env.start();
    const user = await completedFreelancer(app);
    const api = editor(app, user.accessToken);
    const { mobileNo } = (await api.get('/freelancer-settings/profile-details')).body.profileDetails;
    expectFailure(
      await api.put('/freelancer-settings/profile-details', aboutBody({ mobileNo, occupation: 'Shit Developer' })),
      400,
      'TL_CORE_507_E',
    );
    const noName = await api.put('/freelancer-settings/profile-details', aboutBody({ mobileNo, firstName: '' }));
    expectFailure(noName, 400, 'TL_CORE_00400_E');
    expect(noName.body.responseMessage).toContain('First name is required');
    expectFailure(await api.put('/freelancer-settings/profile-details', aboutBody({ mobileNo, maxHourlyRate: 0 })), 400, 'TL_CORE_10015_E');
  });
});

describe('skills', () => {
  test('kept skills keep their ids, removed ones go, new ones get ids', async () => {
    const app = await env.start();
    const user = await completedFreelancer(app);
    const api = editor(app, user.accessToken);
    const loaded = await api.get('/freelancer-settings/skills-details');
    expect(loaded.body.skills).toEqual([
      { freelancerSkillId: expect.any(String), skillName: 'React', experienceLevel: 3 },
      { freelancerSkillId: expect.any(String), skillName: 'TypeScript', experienceLevel: 0 },
    ]);
    const [react] = loaded.body.skills;
    const saved = await api.put('/freelancer-settings/skills-details', {
      skills: [
        { ...react, experienceLevel: 4 },
        { freelancerSkillId: null, skillName: 'Node.js', experienceLevel: 2 },
      ],
      version: loaded.body.version,
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ status: 'success', responseCode: 'TL_CORE_00200_S', responseMessage: 'Profile Updated' });
    expect(saved.body.skills).toEqual([
      { freelancerSkillId: react.freelancerSkillId, skillName: 'React', experienceLevel: 4 },
      { freelancerSkillId: expect.any(String), skillName: 'Node.js', experienceLevel: 2 },
    ]);
    expect(saved.body.skills[1].freelancerSkillId).not.toBe(loaded.body.skills[1].freelancerSkillId);
  });

  test('duplicates are refused case-insensitively, inappropriate words answer TL_CORE_508_E, none is refused', async () => {
    const app = await env.start();
    const user = await completedFreelancer(app);
    const api = editor(app, user.accessToken);
    const before = await api.get('/freelancer-settings/skills-details');
    const dup = await api.put('/freelancer-settings/skills-details', {
      skills: [
        { skillName: 'React', experienceLevel: 1 },
        { skillName: 'react', experienceLevel: 2 },
      ],
    });
    expectFailure(dup, 400, 'TL_CORE_00400_E');
    expect(dup.body.responseMessage).toContain('This skill already exists in your profile');
    expectFailure(
      await api.put('/freelancer-settings/skills-details', { skills: [{ skillName: 'Fucking Fast Typing', experienceLevel: 1 }] }),
      400,
      'TL_CORE_508_E',
    );
    expectFailure(await api.put('/freelancer-settings/skills-details', { skills: [] }), 400, 'TL_CORE_00400_E');
    expect((await api.get('/freelancer-settings/skills-details')).body).toEqual(before.body);
  });

  test("another user's skill ids are ignored and never touched; the same id twice is refused", { timeout: 90_000 }, async () => {
    const app = await env.start();
    const owner = await completedFreelancer(app);
    const other = await completedFreelancer(app);
    const ownerSkills = (await editor(app, owner.accessToken).get('/freelancer-settings/skills-details')).body.skills;
    const api = editor(app, other.accessToken);
    const saved = await api.put('/freelancer-settings/skills-details', {
      skills: [{ freelancerSkillId: ownerSkills[0].freelancerSkillId, skillName: 'Figma', experienceLevel: 5 }],
    });
    expect(saved.status).toBe(200);
    expect(saved.body.skills[0].freelancerSkillId).not.toBe(ownerSkills[0].freelancerSkillId);
    expect((await editor(app, owner.accessToken).get('/freelancer-settings/skills-details')).body.skills).toEqual(ownerSkills);

    const mine = saved.body.skills[0].freelancerSkillId;
    const twice = await api.put('/freelancer-settings/skills-details', {
      skills: [
        { freelancerSkillId: mine, skillName: 'Figma', experienceLevel: 5 },
        { freelancerSkillId: mine, skillName: 'Sketch', experienceLevel: 1 },
      ],
    });
    expectFailure(twice, 400, 'TL_CORE_00400_E');
    expect((await api.get('/freelancer-settings/skills-details')).body.skills).toEqual(saved.body.skills);
  });
});

describe('education', () => {
  test('saves the list keeping ids; the last entry cannot be removed; inappropriate words answer TL_CORE_505_E', async () => {
    const app = await env.start();
    const user = await completedFreelancer(app);
    const api = editor(app, user.accessToken);
    const loaded = await api.get('/freelancer-settings/education-details');
    expect(loaded.body.educationDetails).toEqual([
      {
        freelancerEducationId: expect.any(String),
        degree: 'Bachelor of Technology',
        college: 'Indian Institute of Technology, Bombay',
        yearOfPassed: 2019,
      },
    ]);
    const kept = loaded.body.educationDetails[0];
    const saved = await api.put('/freelancer-settings/education-details', {
      educationDetails: [
        { ...kept, yearOfPassed: 2020 },
        { degree: 'Master of Science', college: 'University of Mumbai', yearOfPassed: 2022 },
      ],
      version: loaded.body.version,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.educationDetails[0]).toEqual({ ...kept, yearOfPassed: 2020 });
    expect(saved.body.educationDetails).toHaveLength(2);

    const empty = await api.put('/freelancer-settings/education-details', { educationDetails: [] });
    expectFailure(empty, 400, 'TL_CORE_00400_E');
    expect(empty.body.responseMessage).toContain('Please add at least one education entry');
    expectFailure(
      await api.put('/freelancer-settings/education-details', { educationDetails: [{ ...kept, college: 'Shit University' }] }),
      400,
      'TL_CORE_505_E',
    );
    expect((await api.get('/freelancer-settings/education-details')).body.educationDetails).toEqual(saved.body.educationDetails);
  });

  test('the same entry id twice answers 400, not 500, and changes nothing', async () => {
    const app = await env.start();
    const user = await completedFreelancer(app);
    const api = editor(app, user.accessToken);
    const loaded = await api.get('/freelancer-settings/education-details');
    const kept = loaded.body.educationDetails[0];
    expectFailure(
      await api.put('/freelancer-settings/education-details', { educationDetails: [kept, { ...kept, yearOfPassed: 2001 }] }),
      400,
      'TL_CORE_00400_E',
    );
    expect((await api.get('/freelancer-settings/education-details')).body).toEqual(loaded.body);
  });
});

describe('work experience', () => {
  test('saves the list keeping ids; inappropriate company or title answer TL_CORE_506_E / TL_CORE_509_E', async () => {
    const app = await env.start();
    const user = await completedFreelancer(app);
    const api = editor(app, user.accessToken);
    const loaded = await api.get('/freelancer-settings/experience-details');
    expect(loaded.body.workExperience).toHaveLength(2);
    const [first, current] = loaded.body.workExperience;
    expect(current).toMatchObject({ endDate: null, currentlyWorking: true });
    const saved = await api.put('/freelancer-settings/experience-details', {
      workExperience: [{ ...current, endDate: '2024-12-31', currentlyWorking: false }],
      version: loaded.body.version,
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ responseMessage: 'Work experience saved successfully' });
    expect(saved.body.workExperience).toEqual([{ ...current, endDate: '2024-12-31', currentlyWorking: false }]);
    expect(saved.body.workExperience[0].freelancerWorkExpId).not.toBe(first.freelancerWorkExpId);

    const entry = { title: 'Developer', company: 'Infosys', startDate: '2019-07-01', endDate: null };
    expectFailure(
      await api.put('/freelancer-settings/experience-details', { workExperience: [{ ...entry, company: 'Shit Corp' }] }),
      400,
      'TL_CORE_506_E',
    );
    expectFailure(
      await api.put('/freelancer-settings/experience-details', { workExperience: [{ ...entry, title: 'Shit Developer' }] }),
      400,
      'TL_CORE_509_E',
    );
    expect((await api.get('/freelancer-settings/experience-details')).body.workExperience).toEqual(saved.body.workExperience);
  });

  test('says the level companies see from the saved roles, and why (issue 32)', async () => {
    const app = await env.start();
    const user = await completedFreelancer(app);
    const api = editor(app, user.accessToken);
    const loaded = await api.get('/freelancer-settings/experience-details');
    const ago = (years: number) => new Date(app.clock.now().getTime() - years * 365.25 * 86_400_000).toISOString().slice(0, 10);
    const saved = await api.put('/freelancer-settings/experience-details', {
      workExperience: [{ title: 'Engineer', company: 'Acme', startDate: ago(6), endDate: null, currentlyWorking: true }],
      version: loaded.body.version,
    });
    expect(saved.status).toBe(200);
    // Six years, not vetted yet: Senior needs a vetted profile, so companies would see Intermediate.
    expect(saved.body.level).toMatchObject({ key: 'intermediate', label: 'Intermediate', years: 6, vetted: false });
    expect(saved.body.level.explanation).toBe('6 years of work experience; Senior needs a vetted profile.');
    expect((await api.get('/freelancer-settings/experience-details')).body.level).toEqual(saved.body.level);
  });
});

describe('certifications', () => {
  test('adds, keeps ids, and a duplicate name answers TL_CORE_10071_E', async () => {
    const app = await env.start();
    const user = await completedFreelancer(app);
    const api = editor(app, user.accessToken);
    const loaded = await api.get('/freelancer-settings/certification-details');
    expect(loaded.body).toMatchObject({ status: 'success', certifications: [], version: 0 });
    const saved = await api.put('/freelancer-settings/certification-details', { certificateDetails: certs, version: 0 });
    expect(saved.status).toBe(200);
    expect(saved.body.certificateDetails).toEqual([
      { freelancerCertificationId: expect.any(String), ...certs[0] },
      { freelancerCertificationId: expect.any(String), ...certs[1], certificationUrl: null },
    ]);
    expect(saved.body.competitionPercentage).toBeGreaterThan(loaded.body.competitionPercentage);
    expect((await api.get('/freelancer-settings/certification-details')).body.certifications).toEqual(saved.body.certificateDetails);

    const [aws] = saved.body.certificateDetails;
    const dup = await api.put('/freelancer-settings/certification-details', {
      certificateDetails: [aws, { ...certs[1], certificationName: 'aws certified developer' }],
    });
    expectFailure(dup, 409, 'TL_CORE_10071_E');
    expect((await api.get('/freelancer-settings/certification-details')).body.certifications).toEqual(saved.body.certificateDetails);
  });
});

describe('work preferences', () => {
  test('load and save answer the version and completion; a stale save is refused', async () => {
    const app = await env.start();
    const user = await completedFreelancer(app);
    const api = editor(app, user.accessToken);
    const loaded = await api.get('/freelancer/work-preference');
    expect(loaded.body).toMatchObject({
      ...preference,
      workPreferences: preference,
      version: 1,
      competitionPercentage: expect.any(Number),
    });
    const changed = { minHoursPerWeek: 10, maxHoursPerWeek: 20, projectDurationPreference: '1-6 months' };
    const saved = await api.post('/freelancer/work-preference', { ...changed, version: 1 });
    expect(saved.body).toMatchObject({ status: 'success', onBoardingStage: 'COMPLETED', workPreferences: changed, version: 2 });
    expectFailure(await api.post('/freelancer/work-preference', { ...preference, version: 1 }), 409, 'TL_CORE_10110_E');
    expect((await api.get('/freelancer/work-preference')).body.workPreferences).toEqual(changed);
  });
});

describe('completion', () => {
  test('reaches 100 only when all seven sections are filled, each counted from saved data', { timeout: 90_000 }, async () => {
    const app = await env.start();
    const user = await completedFreelancer(app);
    const api = editor(app, user.accessToken);
    const wizardDone = (await api.get('/freelancer-settings/skills-details')).body.competitionPercentage;
    const withCerts = (await api.put('/freelancer-settings/certification-details', { certificateDetails: certs })).body
      .competitionPercentage;
    expect(withCerts).toBeGreaterThan(wizardDone);
    expect(withCerts).toBeLessThan(100);
    const row = await findUser(app.db, user.email);
    await app.db.insert(freelancerPortfolio).values({
      userId: row?.id ?? '',
      portfolioTitle: 'Shop redesign',
      portfolioDesc: 'A faster checkout.',
      portfolioSkills: ['React'],
      portfolioUrl: 'https://example.com/shop',
      contentType: 'LINK',
    });
    expect((await api.get('/freelancer-settings/skills-details')).body.competitionPercentage).toBe(100);
    const noPhoto = await api.del('/freelancer/delete-profile-photo');
    expect(noPhoto.body.competitionPercentage).toBeLessThan(100);
  });

  test('is computed from saved data and the same on every section', async () => {
    const app = await env.start();
    const user = await completedFreelancer(app);
    const api = editor(app, user.accessToken);
    const values = await Promise.all(SECTIONS.map(async (s) => (await api.get(s.path)).body.competitionPercentage));
    expect(new Set(values).size).toBe(1);
    expect(values[0]).toBeGreaterThan(0);
    expect(values[0]).toBeLessThan(100);
  });
});

describe('field rules answered by the editor', () => {
  test('About Me: the video needs a YouTube link and a title together', async () => {
    const app = await env.start();
    const user = await completedFreelancer(app);
    const api = editor(app, user.accessToken);
    const before = await api.get('/freelancer-settings/profile-details');
    const { mobileNo } = before.body.profileDetails;
    const message = async (overrides: Record<string, unknown>) => {
      const res = await api.put('/freelancer-settings/profile-details', aboutBody({ mobileNo, ...overrides }));
      expectFailure(res, 400, 'TL_CORE_00400_E');
      return res.body.responseMessage as string;
    };
    expect(await message({ videoUrl: 'https://vimeo.com/12345' })).toContain('Please enter a valid YouTube URL');
    expect(await message({ videoTitle: null })).toContain('Video title is required when URL is provided');
    expect(await message({ videoUrl: null })).toContain('Video URL is required when title is provided');
    expect((await api.get('/freelancer-settings/profile-details')).body).toEqual(before.body);
  });

  test('certifications: a future or impossible date is refused; the last entry cannot be removed', async () => {
    const app = await env.start();
    const user = await completedFreelancer(app);
    const api = editor(app, user.accessToken);
    const future = `${new Date().getFullYear() + 1}-01-01`;
    const res = await api.put('/freelancer-settings/certification-details', { certificateDetails: [{ ...certs[1], dateIssued: future }] });
    expectFailure(res, 400, 'TL_CORE_00400_E');
    expect(res.body.responseMessage).toContain('Date issued cannot be in the future');
    expectFailure(
      await api.put('/freelancer-settings/certification-details', { certificateDetails: [{ ...certs[1], dateIssued: '2023-02-30' }] }),
      400,
      'TL_CORE_00400_E',
    );
    expectFailure(await api.put('/freelancer-settings/certification-details', { certificateDetails: [] }), 400, 'TL_CORE_00400_E');
    expectFailure(await api.put('/freelancer-settings/experience-details', { workExperience: [] }), 400, 'TL_CORE_00400_E');
    expect((await api.get('/freelancer-settings/certification-details')).body.certifications).toEqual([]);
    expect((await api.get('/freelancer-settings/experience-details')).body.workExperience).toHaveLength(2);
  });

  test("certifications: another user's ids are ignored and their entries untouched", { timeout: 90_000 }, async () => {
    const app = await env.start();
    const owner = await completedFreelancer(app);
    const other = await completedFreelancer(app);
    const mine = (await editor(app, owner.accessToken).put('/freelancer-settings/certification-details', { certificateDetails: certs }))
      .body.certificateDetails;
    const saved = await editor(app, other.accessToken).put('/freelancer-settings/certification-details', {
      certificateDetails: [{ ...mine[0], certificationName: 'Taken over' }],
    });
    expect(saved.status).toBe(200);
    expect(saved.body.certificateDetails[0].freelancerCertificationId).not.toBe(mine[0].freelancerCertificationId);
    expect((await editor(app, owner.accessToken).get('/freelancer-settings/certification-details')).body.certifications).toEqual(mine);
  });

  test('a save without a version (a client of the original API) is accepted and bumps the version', async () => {
    const app = await env.start();
    const user = await completedFreelancer(app);
    const api = editor(app, user.accessToken);
    const loaded = await api.get('/freelancer-settings/education-details');
    const saved = await api.put('/freelancer-settings/education-details', { educationDetails: loaded.body.educationDetails });
    expect(saved.status).toBe(200);
    expect(saved.body.version).toBe(loaded.body.version + 1);
  });

  test('a wizard save makes an editor tab opened before it stale', async () => {
    const app = await env.start();
    const user = await completedFreelancer(app);
    const api = editor(app, user.accessToken);
    const loaded = await api.get('/freelancer-settings/education-details');
    await app.post(
      '/api/freelancer/education-work',
      { educationDetails: loaded.body.educationDetails },
      { headers: { authorization: `Bearer ${user.accessToken}` } },
    );
    expectFailure(
      await api.put('/freelancer-settings/education-details', {
        educationDetails: loaded.body.educationDetails,
        version: loaded.body.version,
      }),
      409,
      'TL_CORE_10110_E',
    );
  });
});

describe('the API description', () => {
  test('lists every editor endpoint with its request and response schemas', async () => {
    const app = await env.start();
    const docs = await app.get('/api/docs');
    expect(docs.status).toBe(200);
    const paths = docs.body.paths as Record<string, Record<string, Json>>;
    for (const section of SECTIONS) {
      expect(paths[section.path]?.get?.responses?.['200']).toBeDefined();
      expect(paths[section.path]?.put?.requestBody).toBeDefined();
    }
    expect(paths['/freelancer-settings/update-photo']?.post).toBeDefined();
    expect(paths['/freelancer/delete-profile-photo']?.delete).toBeDefined();
  });
});
