import { describe, expect, it } from 'vitest';
import { latestToday } from './fields.ts';
import { PROFILE_MESSAGES as M } from './profile-messages.ts';
import {
  AboutMeBody,
  AboutMeFormSchema,
  CertificationsBody,
  CertificationsFormSchema,
  EducationBody,
  ExperienceBody,
  PortfolioDetails,
  PortfolioItemFormSchema,
  SkillsBody,
  skillsChanged,
  toAboutMeBody,
  withCurrentlyWorking,
  withStartDate,
  workEntryToForm,
} from './profile-editor.ts';

type Parsable = { safeParse: (v: unknown) => { success: boolean; error?: { issues: Array<{ message: string; path: PropertyKey[] }> } } };
const issues = (schema: Parsable, v: unknown) => schema.safeParse(v).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];

const about = {
  firstName: 'Asha',
  lastName: 'Rao',
  description: 'I build accessible web apps.',
  countryCode: 'in',
  dialingCode: '+91',
  mobileNo: '98765 43210',
  occupation: 'Web Developer',
  minHourlyRate: 0,
  maxHourlyRate: 30,
  experienceLevel: 'Expert',
  languages: [{ languageCode: 'EN', proficiency: 'fluent' }],
  videoTitle: null,
  videoUrl: null,
};
const nextYear = new Date().getFullYear() + 1;

describe('About Me', () => {
  it('stores codes canonically: country upper case, language lower case, proficiency as listed', () => {
    const body = AboutMeBody.parse(about);
    expect(body).toMatchObject({ countryCode: 'IN', mobileNo: '9876543210', experienceLevel: 'expert', minHourlyRate: 0 });
    expect(body.languages).toEqual([{ languageCode: 'en', proficiency: 'Fluent' }]);
  });
  it('needs at least one language, each once in any case', () => {
    expect(issues(AboutMeBody, { ...about, languages: [] })).toEqual([`languages: ${M.languagesRequired}`]);
    expect(
      issues(AboutMeBody, {
        ...about,
        languages: [
          { languageCode: 'en', proficiency: 'Fluent' },
          { languageCode: 'EN', proficiency: 'Basic' },
        ],
      }),
    ).toEqual([`languages.1: ${M.languageExists}`]);
  });
  it('ties the video title and URL together and takes only YouTube video links', () => {
    const url = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';
    expect(AboutMeBody.parse({ ...about, videoTitle: ' Intro ', videoUrl: url })).toMatchObject({ videoTitle: 'Intro', videoUrl: url });
    expect(AboutMeBody.parse({ ...about, videoTitle: '', videoUrl: '  ' })).toMatchObject({ videoTitle: null, videoUrl: null });
    expect(issues(AboutMeBody, { ...about, videoTitle: '', videoUrl: url })).toEqual([`videoTitle: ${M.videoTitleRequired}`]);
    expect(issues(AboutMeBody, { ...about, videoTitle: 'Intro', videoUrl: '' })).toEqual([`videoUrl: ${M.videoUrlRequired}`]);
    expect(issues(AboutMeBody, { ...about, videoTitle: 'Intro', videoUrl: 'https://vimeo.com/1' })).toEqual([
      `videoUrl: ${M.videoUrlInvalid}`,
    ]);
  });
  it('answers the spec codes for the phone and the rate', () => {
    expect(issues(AboutMeBody, { ...about, mobileNo: '12345' })).toEqual(['mobileNo: TL_CORE_10009_E']);
    expect(issues(AboutMeBody, { ...about, maxHourlyRate: 0 })).toEqual(['maxHourlyRate: TL_CORE_10015_E']);
  });
  it('the form answers words and builds a body the server accepts', () => {
    const form = {
      firstName: 'Asha',
      lastName: 'Rao',
      description: 'Bio',
      countryCode: 'IN',
      occupation: 'Web Developer',
      experienceLevel: 'expert',
      hourlyRate: '0',
      phone: { dialingCode: '+91', mobileNo: '12345' },
      languages: [{ languageCode: 'EN', proficiency: 'Fluent' }],
      videoTitle: '',
      videoUrl: '',
    };
    expect(issues(AboutMeFormSchema, form)).toEqual([`hourlyRate: ${M.hourlyRatePositive}`, `phone.mobileNo: ${M.phoneInvalid}`]);
    const parsed = AboutMeFormSchema.parse({ ...form, hourlyRate: '40', phone: { dialingCode: '+91', mobileNo: '98765 43210' } });
    const body = toAboutMeBody(parsed);
    expect(body).toMatchObject({ maxHourlyRate: 40, minHourlyRate: 0, mobileNo: '9876543210', videoTitle: null, videoUrl: null });
    expect(body.languages).toEqual([{ languageCode: 'en', proficiency: 'Fluent' }]);
    expect(AboutMeBody.safeParse(body).success).toBe(true);
  });
});

describe('Skills', () => {
  it('needs at least one skill with a level and refuses duplicates in any case', () => {
    expect(issues(SkillsBody, { skills: [] })).toEqual([`skills: ${M.skillsRequired}`]);
    expect(issues(SkillsBody, { skills: [{ skillName: '', experienceLevel: 1 }] })).toEqual([`skills.0.skillName: ${M.selectSkill}`]);
    expect(issues(SkillsBody, { skills: [{ skillName: 'React', experienceLevel: '' }] })).toEqual([
      `skills.0.experienceLevel: ${M.selectSkillLevel}`,
    ]);
    expect(
      issues(SkillsBody, {
        skills: [
          { skillName: 'React', experienceLevel: 1 },
          { skillName: ' REACT ', experienceLevel: 2 },
        ],
      }),
    ).toEqual([`skills.1: ${M.skillExists}`]);
    expect(SkillsBody.parse({ skills: [{ skillName: 'React', experienceLevel: '0', freelancerSkillId: null }] }).skills[0]).toMatchObject({
      experienceLevel: 0,
    });
  });
  it('save is enabled only when the set of lowercased name and level differs', () => {
    const saved = [
      { skillName: 'React', experienceLevel: 3 },
      { skillName: 'Figma', experienceLevel: 0 },
    ];
    expect(skillsChanged(saved, [saved[1] as never, saved[0] as never])).toBe(false);
    expect(skillsChanged(saved, [{ skillName: 'react', experienceLevel: 3 }, saved[1] as never])).toBe(false);
    expect(skillsChanged(saved, [{ skillName: 'React', experienceLevel: 4 }, saved[1] as never])).toBe(true);
    expect(skillsChanged(saved, [saved[0] as never])).toBe(true);
    expect(skillsChanged(saved, [...saved, { skillName: 'Vue', experienceLevel: 1 }])).toBe(true);
  });
});

describe('Education', () => {
  it('needs at least one entry with a listed degree, a university and a year, each id once', () => {
    const entry = { degree: 'PhD', college: 'Aalborg University', yearOfPassed: 2020 };
    expect(EducationBody.safeParse({ educationDetails: [entry] }).success).toBe(true);
    expect(issues(EducationBody, { educationDetails: [] })).toEqual([`educationDetails: ${M.educationMissing}`]);
    const id = '6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f';
    expect(
      issues(EducationBody, {
        educationDetails: [
          { ...entry, freelancerEducationId: id },
          { ...entry, freelancerEducationId: id },
        ],
      }),
    ).toEqual([`educationDetails.1: ${M.duplicateEntry}`]);
  });
});

describe('Work experience', () => {
  const entry = { title: 'Developer', company: 'Infosys', startDate: '2019-07', endDate: '2022-03', currentlyWorking: false };
  it('takes months, reads them as their first day, and no end date as current', () => {
    const body = ExperienceBody.parse({ workExperience: [entry, { ...entry, startDate: '2022-04', endDate: '', currentlyWorking: true }] });
    expect(body.workExperience.map((w) => [w.startDate, w.endDate])).toEqual([
      ['2019-07-01', '2022-03-01'],
      ['2022-04-01', null],
    ]);
    expect(
      ExperienceBody.parse({ workExperience: [{ ...entry, endDate: '2022-03', currentlyWorking: true }] }).workExperience[0]?.endDate,
    ).toBeNull();
  });
  it('asks for an end date unless current, refuses future dates, impossible dates and an end before the start', () => {
    const one = (w: object) => issues(ExperienceBody, { workExperience: [{ ...entry, ...w }] });
    expect(one({ endDate: '' })).toEqual([`workExperience.0.endDate: ${M.endRequired}`]);
    expect(one({ startDate: '' })).toEqual([`workExperience.0.startDate: ${M.startRequired}`]);
    expect(one({ startDate: `${nextYear}-01`, endDate: null, currentlyWorking: true })).toEqual([
      `workExperience.0.startDate: ${M.startFuture}`,
    ]);
    expect(one({ endDate: `${nextYear}-01` })).toEqual([`workExperience.0.endDate: ${M.endFuture}`]);
    expect(one({ endDate: '2018-01' })).toEqual([`workExperience.0.endDate: ${M.endBeforeStart}`]);
    expect(one({ startDate: '2023-02-30' })).toEqual([`workExperience.0.startDate: ${M.dateInvalid}`]);
    expect(one({ startDate: '0000-01-01' })).toEqual([`workExperience.0.startDate: ${M.dateInvalid}`]);
    expect(one({ endDate: '2023-02-30' })).toEqual([`workExperience.0.endDate: ${M.dateInvalid}`]);
    expect(issues(ExperienceBody, { workExperience: [] })).toEqual([`workExperience: ${M.workMissing}`]);
  });
  it("ticking 'I currently work here' clears the end, a later start clears it too, and a saved current job ticks the box", () => {
    const form = workEntryToForm({ title: 'Dev', company: 'Acme', startDate: '2019-07-15', endDate: '2021-02-01' });
    expect(form).toMatchObject({ startDate: '2019-07', endDate: '2021-02', currentlyWorking: false });
    expect(withCurrentlyWorking(form, true)).toMatchObject({ endDate: '', currentlyWorking: true });
    expect(withStartDate(form, '2021-03').endDate).toBe('');
    expect(withStartDate(form, '2020-01').endDate).toBe('2021-02');
    expect(workEntryToForm({ title: 'Dev', company: 'Acme', startDate: '2019-07-01', endDate: null }).currentlyWorking).toBe(true);
  });
});

describe('Certifications', () => {
  const cert = { certificationName: 'AWS SAA', issuingOrganization: 'Amazon', dateIssued: '2024-02-29', certificationUrl: '' };
  it('needs a real yyyy-MM-dd date not in the future and an optional http(s) URL', () => {
    expect(CertificationsBody.parse({ certificateDetails: [cert] }).certificateDetails[0]?.certificationUrl).toBeNull();
    const one = (c: object) => issues(CertificationsBody, { certificateDetails: [{ ...cert, ...c }] });
    expect(one({ dateIssued: '' })).toEqual([`certificateDetails.0.dateIssued: ${M.dateIssuedRequired}`]);
    expect(one({ dateIssued: '2023-02-29' })).toEqual([`certificateDetails.0.dateIssued: ${M.dateInvalid}`]);
    expect(one({ dateIssued: '29/02/2024' })).toEqual([`certificateDetails.0.dateIssued: ${M.dateInvalid}`]);
    expect(one({ dateIssued: `${nextYear}-01-01` })).toEqual([`certificateDetails.0.dateIssued: ${M.dateIssuedFuture}`]);
    expect(one({ dateIssued: latestToday() })).toEqual([]);
    expect(one({ certificationUrl: 'ftp://x.com' })).toEqual([`certificateDetails.0.certificationUrl: ${M.urlInvalid}`]);
    expect(one({ certificationUrl: 'https://aws.amazon.com/verify/123' })).toEqual([]);
    expect(one({ certificationName: '' })).toEqual([`certificateDetails.0.certificationName: ${M.certificationNameRequired}`]);
    expect(one({ issuingOrganization: ' ' })).toEqual([`certificateDetails.0.issuingOrganization: ${M.issuingOrganizationRequired}`]);
  });
  it('refuses a duplicate name: TL_CORE_10071_E on the wire, words in the form', () => {
    const twice = { certificateDetails: [cert, { ...cert, certificationName: 'aws saa' }] };
    expect(issues(CertificationsBody, twice)).toEqual(['certificateDetails.1: TL_CORE_10071_E']);
    expect(issues(CertificationsFormSchema, twice)).toEqual([`certificateDetails.1: ${M.certificationExists}`]);
  });
});

describe('Portfolio', () => {
  const item = {
    portfolioTitle: 'Shop',
    portfolioDesc: 'An online shop.',
    portfolioSkills: ['React'],
    portfolioUrl: 'https://shop.example.com',
  };
  it('holds one or two items, each with a URL or a file, not both', () => {
    expect(PortfolioDetails.safeParse({ portfolioDetails: [item] }).success).toBe(true);
    expect(PortfolioDetails.safeParse({ portfolioDetails: [{ ...item, portfolioUrl: null, fileIndex: 1 }] }).success).toBe(true);
    expect(issues(PortfolioDetails, { portfolioDetails: [item, item, item] })).toEqual([`portfolioDetails: ${M.portfolioTooMany}`]);
    expect(issues(PortfolioDetails, { portfolioDetails: [] })).toEqual([`portfolioDetails: ${M.portfolioMissing}`]);
    expect(issues(PortfolioDetails, { portfolioDetails: [{ ...item, portfolioUrl: '' }] })).toEqual([
      `portfolioDetails.0.portfolioUrl: ${M.portfolioContentRequired}`,
    ]);
    expect(issues(PortfolioDetails, { portfolioDetails: [{ ...item, fileIndex: 1 }] })).toEqual([
      `portfolioDetails.0.portfolioUrl: ${M.portfolioContentRequired}`,
    ]);
    expect(issues(PortfolioDetails, { portfolioDetails: [{ ...item, portfolioUrl: 'www.shop.com' }] })).toEqual([
      `portfolioDetails.0.portfolioUrl: ${M.urlInvalid}`,
    ]);
    const kept = { ...item, portfolioUrl: null, freelancerPortfolioId: '6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f' };
    expect(PortfolioDetails.safeParse({ portfolioDetails: [kept] }).success).toBe(true);
    const two = [
      { ...item, portfolioUrl: null, fileIndex: 1 },
      { ...item, portfolioUrl: null, fileIndex: 1 },
    ];
    expect(issues(PortfolioDetails, { portfolioDetails: two })).toEqual([`portfolioDetails.1: ${M.duplicateEntry}`]);
  });
  it('needs a name, a description of at most 255 characters and a skill', () => {
    const one = (p: object) => issues(PortfolioDetails, { portfolioDetails: [{ ...item, ...p }] });
    expect(one({ portfolioTitle: '' })).toEqual([`portfolioDetails.0.portfolioTitle: ${M.projectNameRequired}`]);
    expect(one({ portfolioDesc: '' })).toEqual([`portfolioDetails.0.portfolioDesc: ${M.descriptionRequired}`]);
    expect(one({ portfolioDesc: 'x'.repeat(256) })).toEqual([`portfolioDetails.0.portfolioDesc: ${M.descriptionTooLong}`]);
    expect(one({ portfolioSkills: [] })).toEqual([`portfolioDetails.0.portfolioSkills: ${M.portfolioSkillRequired}`]);
  });
  it('the modal asks for the chosen kind of content', () => {
    const form = { portfolioTitle: 'Shop', portfolioDesc: 'Desc', portfolioSkills: ['React'], portfolioUrl: '', hasFile: false };
    expect(issues(PortfolioItemFormSchema, { ...form, contentKind: 'url' })).toEqual([`portfolioUrl: ${M.projectUrlRequired}`]);
    expect(issues(PortfolioItemFormSchema, { ...form, contentKind: 'url', portfolioUrl: 'shop' })).toEqual([
      `portfolioUrl: ${M.urlInvalid}`,
    ]);
    expect(issues(PortfolioItemFormSchema, { ...form, contentKind: 'file' })).toEqual([`hasFile: ${M.fileRequired}`]);
    expect(issues(PortfolioItemFormSchema, { ...form, contentKind: 'file', hasFile: true })).toEqual([]);
  });
  it('the modal names a missing content beside the other missing fields, in one check', () => {
    const empty = { portfolioTitle: '', portfolioDesc: '', portfolioSkills: [], portfolioUrl: '', hasFile: false, contentKind: 'url' };
    expect(issues(PortfolioItemFormSchema, empty)).toEqual([
      `portfolioTitle: ${M.projectNameRequired}`,
      `portfolioDesc: ${M.descriptionRequired}`,
      `portfolioSkills: ${M.portfolioSkillRequired}`,
      `portfolioUrl: ${M.projectUrlRequired}`,
    ]);
  });
});
