import { describe, expect, test } from 'vitest';
import { useApi } from '../helpers.ts';
import { completedFreelancer, editor, startCountingApp } from './support.ts';

const env = useApi();

const many = <T>(n: number, make: (i: number) => T) => Array.from({ length: n }, (_, i) => make(i));

describe('section loads', () => {
  test('run a fixed number of queries however long their lists are', async () => {
    const { app, queriesOf } = await startCountingApp(env);
    const short = editor(app, (await completedFreelancer(app)).accessToken);
    const long = editor(app, (await completedFreelancer(app)).accessToken);
    const longLists: [string, Record<string, unknown>][] = [
      ['/freelancer-settings/skills-details', { skills: many(15, (i) => ({ skillName: `Skill ${i}`, experienceLevel: i % 10 })) }],
      [
        '/freelancer-settings/education-details',
        { educationDetails: many(12, (i) => ({ degree: 'Master of Science', college: `College ${i}`, yearOfPassed: 2000 + i })) },
      ],
      [
        '/freelancer-settings/experience-details',
        {
          workExperience: many(12, (i) => ({
            title: `Role ${i}`,
            company: `Company ${i}`,
            startDate: `${2000 + i}-01-01`,
            endDate: `${2000 + i}-12-31`,
          })),
        },
      ],
      [
        '/freelancer-settings/certification-details',
        {
          certificateDetails: many(12, (i) => ({
            certificationName: `Cert ${i}`,
            issuingOrganization: 'Org',
            dateIssued: `${2010 + i}-03-04`,
          })),
        },
      ],
    ];
    for (const [path, body] of longLists) expect((await long.put(path, body)).status).toBe(200);

    for (const path of [
      '/freelancer-settings/profile-details',
      '/freelancer-settings/skills-details',
      '/freelancer-settings/education-details',
      '/freelancer-settings/experience-details',
      '/freelancer-settings/certification-details',
      '/freelancer/work-preference',
    ]) {
      // Once first: a statement prepared once per database session (the About Me load) may be set
      // up, or set up again after the session was reset, on its first use; the count is per load.
      expect((await short.get(path)).status).toBe(200);
      const few = await queriesOf(() => short.get(path));
      const lots = await queriesOf(() => long.get(path));
      expect({ path, lots }).toEqual({ path, lots: few });
      expect(few).toBeGreaterThan(0);
      expect(few).toBeLessThanOrEqual(4);
    }
  }, 90_000);
});
