import { describe, expect, it } from 'vitest';
import { register } from '../api/auth.ts';
import { MESSAGES, SignUpFormSchema } from './auth.ts';
import {
  hasUnsafeCharacters,
  hourlyRateProblem,
  isHttpUrl,
  isPersonName,
  isRealDate,
  isYouTubeVideoUrl,
  latestToday,
  normalizeWorkDate,
  youTubeEmbedUrl,
  youTubeVideoId,
} from './fields.ts';
import { NAME_MESSAGES } from './names.ts';
import { PROFILE_MESSAGES as M } from './profile-messages.ts';
import { AboutMeBody, AboutMeFormSchema, PortfolioItemBody, PortfolioItemFormSchema } from './profile-editor.ts';
import { ProfileBasicsSchema } from './profile.ts';
import { ProfileBasicsFormSchema } from './wizard-form.ts';

describe('character rules', () => {
  it('refuses NUL, other controls and bidi overrides; multi-line text keeps newlines and tabs', () => {
    for (const bad of ['a\u0000b', 'a\u0007', 'a\u007f', 'a\u0085', 'Ann\u202Eevil', 'x\u2066y', 'x\u2069']) {
      expect(hasUnsafeCharacters(bad, true)).toBe(true);
    }
    expect(hasUnsafeCharacters('line one\nline two\tend', true)).toBe(false);
    expect(hasUnsafeCharacters('line one\nline two')).toBe(true);
    expect(hasUnsafeCharacters('José — 東京 ✓')).toBe(false);
  });
  it('takes real names of any script, with marks, and nothing else', () => {
    for (const ok of NAMES_ACCEPTED) expect(isPersonName(ok.trim()), ok).toBe(true);
    for (const bad of NAMES_REFUSED) expect(isPersonName(bad.trim()), bad).toBe(false);
  });
});

// People's names: one rule (./names.ts) for every form and wire schema that takes one. Issue 19.
/** Names real people are called: Latin with diacritics, apostrophes of both kinds, hyphens, spaces, other scripts. */
const NAMES_ACCEPTED = [
  'Asha',
  'José María',
  'María José',
  'van der Berg',
  "O'Brien",
  'O’Brien',
  "D'Angelo",
  'D’Souza',
  "O'Brien-Smith",
  'Jean-Luc',
  'Zoë',
  'Søren',
  'Łukasz',
  'Nguyễn',
  'Jose\u0301', // a decomposed é: a letter and its combining mark
  'ʻIolani',
  'अनुष्का',
  'अनुराग',
  'தமிழ்',
  'สมชาย',
  'محمد',
  'عبد الله',
  '王小明',
  '山田 太郎',
  '김민준',
  'Александр',
  'Γιώργος',
  ' Asha ',
  'x'.repeat(50),
];
/** And what no name holds: digits, HTML, URLs, controls and bidi controls, lone or doubled joiners, too much. */
const NAMES_REFUSED = [
  'R2D2',
  'Asha3',
  '١٢٣',
  '<b>x</b>',
  'R2D2 <b>',
  'http://x.y',
  'www.evil.com',
  'asha@example.com',
  'Ann\u202Eevil',
  'x\u2066y',
  'a\u0000b',
  'Asha\nRao',
  'Asha  Rao',
  'Asha--Rao',
  '-Asha',
  "Asha'",
  'J.R.',
  '\u0301Asha',
  '😀',
  'x'.repeat(51),
  '',
  '   ',
];
const NAME_EDGES = [...NAMES_ACCEPTED, ...NAMES_REFUSED];

describe('dates', () => {
  it('knows real calendar dates and refuses impossible ones', () => {
    expect(isRealDate('2024-02-29')).toBe(true);
    expect(isRealDate('2023-02-29')).toBe(false);
    expect(isRealDate('2023-02-30')).toBe(false);
    expect(isRealDate('2023-04-31')).toBe(false);
    expect(isRealDate('0000-01-01')).toBe(false);
    expect(isRealDate('1899-12-31')).toBe(false);
    expect(isRealDate('2023-13-01')).toBe(false);
    expect(isRealDate('2023-1-01')).toBe(false);
    expect(isRealDate('2023-01-01T00:00')).toBe(false);
  });
  it('reads work dates as a year, a month or a day, the first day when only a month is given', () => {
    expect(normalizeWorkDate('2019-07')).toBe('2019-07-01');
    expect(normalizeWorkDate('2019')).toBe('2019-01-01');
    expect(normalizeWorkDate('2022-03-31')).toBe('2022-03-31');
    expect(normalizeWorkDate('2023-02-30')).toBeNull();
    expect(normalizeWorkDate('0000-01')).toBeNull();
    expect(normalizeWorkDate('Jul 2019')).toBeNull();
  });
  it('counts today as the latest calendar day on Earth, so no user is told today is the future', () => {
    expect(latestToday(new Date('2026-03-01T09:59:00Z'))).toBe('2026-03-01');
    expect(latestToday(new Date('2026-03-01T10:00:00Z'))).toBe('2026-03-02');
  });
});

describe('links', () => {
  it('takes absolute http(s) links with a host only', () => {
    expect(isHttpUrl('https://example.com/a?b=1')).toBe(true);
    expect(isHttpUrl('http://example.com')).toBe(true);
    for (const bad of [
      'javascript:alert(1)',
      'ftp://example.com',
      'example.com',
      'https://',
      'https://localhost',
      'https://a b.com',
      'https://u:p@x.com',
    ])
      expect(isHttpUrl(bad)).toBe(false);
  });
  it('knows YouTube video links in their usual shapes, and only those', () => {
    const id = 'dQw4w9WgXcQ';
    for (const ok of [
      `https://www.youtube.com/watch?v=${id}`,
      `https://youtube.com/watch?v=${id}&t=42s`,
      `https://m.youtube.com/watch?v=${id}`,
      `https://youtu.be/${id}`,
      `https://www.youtube.com/shorts/${id}`,
      `https://www.youtube.com/embed/${id}`,
      `https://www.youtube.com/live/${id}`,
      `http://www.youtube-nocookie.com/embed/${id}`,
    ])
      expect(youTubeVideoId(ok)).toBe(id);
    for (const bad of [
      'https://www.youtube.com/',
      'https://www.youtube.com/watch?v=short',
      'https://www.youtube.com/@channel',
      `https://youtube.com.evil.com/watch?v=${id}`,
      `https://evil.com/youtube.com/watch?v=${id}`,
      `https://vimeo.com/${id}`,
      `javascript:alert('${id}')`,
      `youtu.be/${id}`,
    ])
      expect(isYouTubeVideoUrl(bad)).toBe(false);
  });
  it('embeds a saved video by its id only, in the privacy-enhanced player', () => {
    expect(youTubeEmbedUrl('https://youtu.be/dQw4w9WgXcQ?si=tracking')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(youTubeEmbedUrl('https://vimeo.com/1')).toBeNull();
  });
});

describe('hourly rate', () => {
  it('is a positive typed number within $1 to $1,000 an hour', () => {
    expect(hourlyRateProblem('')).toBe(M.hourlyRateRequired);
    expect(hourlyRateProblem('1e-320')).toBe(M.hourlyRateFormat);
    expect(hourlyRateProblem('0')).toBe(M.hourlyRatePositive);
    expect(hourlyRateProblem('0.5')).toBe(M.hourlyRateRange);
    expect(hourlyRateProblem('1000.01')).toBe(M.hourlyRateRange);
    expect(hourlyRateProblem('1000')).toBeNull();
    expect(hourlyRateProblem('25.5')).toBeNull();
  });
  it('answers the spec codes on the wire, and the range message outside the bounds', () => {
    const first = (maxHourlyRate: unknown) => ProfileBasicsSchema.safeParse({ ...wizardWire, maxHourlyRate }).error?.issues[0]?.message;
    expect(first(0)).toBe('TL_CORE_10015_E');
    expect(first(-3)).toBe('TL_CORE_10015_E');
    expect(first('abc')).toBe('TL_CORE_10014_E');
    expect(first(null)).toBe('TL_CORE_10014_E');
    expect(first(1e-320)).toBe(M.hourlyRateRange);
    expect(first(1e9)).toBe(M.hourlyRateRange);
    expect(ProfileBasicsSchema.parse({ ...wizardWire, maxHourlyRate: '25.555' }).maxHourlyRate).toBe(25.56);
  });
});

// ---- form-valid equals wire-valid ---------------------------------------------------------------

const wizardForm = {
  firstName: 'Asha',
  lastName: 'Rao',
  description: 'I design calm, accessible product interfaces.',
  countryCode: 'IN',
  occupation: 'UI/UX Designer',
  experienceLevel: 'mid-exp',
  hourlyRate: '35.5',
  phone: { dialingCode: '+91', mobileNo: '9876543210' },
  skills: [{ skillName: 'Figma', experienceLevel: 3 }],
  languages: [{ languageCode: 'en', proficiency: 'Fluent' }],
};
const wizardWire = {
  firstName: 'Asha',
  lastName: 'Rao',
  description: 'I design calm, accessible product interfaces.',
  countryCode: 'IN',
  dialingCode: '+91',
  mobileNo: '9876543210',
  occupation: 'UI/UX Designer',
  minHourlyRate: 0,
  maxHourlyRate: '35.5',
  experienceLevel: 'mid-exp',
  skills: [{ skillName: 'Figma', experienceLevel: 3 }],
  languages: [{ languageCode: 'EN', proficiency: 'Fluent' }],
};
const video = { videoTitle: 'My intro', videoUrl: 'https://youtu.be/dQw4w9WgXcQ' };
const aboutForm = { ...wizardForm, skills: undefined, ...video };
const aboutWire = { ...wizardWire, skills: undefined, ...video };

type Edge = { field: string; values: unknown[] };
/** Edge inputs per field: each value goes into the same field of the form and of the wire body. */
const EDGES: Edge[] = [
  { field: 'firstName', values: [...NAME_EDGES, 42] },
  { field: 'lastName', values: [...NAME_EDGES, '<img src=x>', 'Rao\u2066', 'Rao2'] },
  {
    field: 'description',
    values: ['say "hi"', 'line one\nline two', 'x\u0000', 'x'.repeat(255), 'x'.repeat(256), '<b>bold</b>', '   ', 'ok\u202E'],
  },
  { field: 'countryCode', values: ['ZZ', 'in', 'IN', 'India', '', 'XX', 'U\u0000'] },
  { field: 'occupation', values: ['<script>', 'Web Developer', 'a\u0000', '', 'x'.repeat(101), 'C# Developer'] },
  { field: 'experienceLevel', values: ['Expert', 'EXPERT', 'guru', '', 'mid-exp'] },
];
const RATE_EDGES = ['', '0', '0.5', '1', '25.5', '1000', '1000.01', '1e-320', '1e3', 'abc', ' 30 ', '12.5.1', '-5', 'Infinity', '0x10'];
const PHONE_EDGES: Array<[string, string]> = [
  ['+91', '9876543210'],
  ['+91', '12345'],
  ['+44', '9876543210'],
  ['+1', '2015550123'],
  ['', '9876543210'],
  ['+91', ''],
  ['+91', '98765\u000043210'],
  ['+91', '9'.repeat(251)],
];

describe('form-valid equals wire-valid', () => {
  const pairs: Array<{ name: string; form: Record<string, unknown>; wire: Record<string, unknown> }> = [];
  for (const { field, values } of EDGES)
    for (const value of values)
      pairs.push({ name: `${field}=${JSON.stringify(value)}`, form: { [field]: value }, wire: { [field]: value } });
  for (const rate of RATE_EDGES)
    pairs.push({ name: `rate=${JSON.stringify(rate)}`, form: { hourlyRate: rate }, wire: { maxHourlyRate: rate } });
  for (const [dialingCode, mobileNo] of PHONE_EDGES)
    pairs.push({
      name: `phone=${dialingCode} ${JSON.stringify(mobileNo)}`,
      form: { phone: { dialingCode, mobileNo } },
      wire: { dialingCode, mobileNo },
    });
  const languageEdges = [
    [{ languageCode: 'EN', proficiency: 'fluent' }],
    [{ languageCode: 'xx', proficiency: 'Fluent' }],
    [{ languageCode: 'en', proficiency: 'Superb' }],
    [
      { languageCode: 'en', proficiency: 'Fluent' },
      { languageCode: 'EN', proficiency: 'Basic' },
    ],
    [],
  ];
  for (const languages of languageEdges)
    pairs.push({ name: `languages=${JSON.stringify(languages)}`, form: { languages }, wire: { languages } });

  it.each(pairs)('wizard basics: $name', ({ form, wire }) => {
    const formValid = ProfileBasicsFormSchema.safeParse({ ...wizardForm, ...form }).success;
    const wireValid = ProfileBasicsSchema.safeParse({ ...wizardWire, ...wire }).success;
    expect(formValid).toBe(wireValid);
  });

  const videoEdges: Array<[string, string]> = [
    ['', ''],
    ['My intro', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ'],
    ['My intro', 'https://vimeo.com/123456'],
    ['', 'https://youtu.be/dQw4w9WgXcQ'],
    ['My intro', ''],
    ['My intro', 'https://www.youtube.com/watch?v=short'],
    ['My intro', 'javascript:alert(1)'],
    ['My\u0000intro', 'https://youtu.be/dQw4w9WgXcQ'],
    ['x'.repeat(101), 'https://youtu.be/dQw4w9WgXcQ'],
  ];
  const aboutPairs = [
    ...pairs.filter((p) => !('skills' in p.form)),
    ...videoEdges.map(([videoTitle, videoUrl]) => ({
      name: `video=${JSON.stringify([videoTitle, videoUrl])}`,
      form: { videoTitle, videoUrl },
      wire: { videoTitle, videoUrl },
    })),
  ];
  it.each(aboutPairs)('About Me: $name', ({ form, wire }) => {
    const formValid = AboutMeFormSchema.safeParse({ ...aboutForm, ...form }).success;
    const wireValid = AboutMeBody.safeParse({ ...aboutWire, ...wire }).success;
    expect(formValid).toBe(wireValid);
  });

  // Sign-up: the form (SignUpFormSchema) and POST /user/register take the same names.
  const signUpForm = {
    userType: 'freelancer',
    firstName: 'Asha',
    lastName: 'Rao',
    company: '',
    emailId: 'asha@example.com',
    password: 'Str0ng!pass',
    confirmPassword: 'Str0ng!pass',
    terms: true,
  };
  const signUpWire = { firstName: 'Asha', lastName: 'Rao', emailId: 'asha@example.com', password: 'Str0ng!pass', userType: 'freelancer' };
  const signUpPairs = ['firstName', 'lastName'].flatMap((field) =>
    [...NAME_EDGES, 42, null].map((value) => ({ name: `${field}=${JSON.stringify(value)}`, field, value })),
  );
  it.each(signUpPairs)('sign-up: $name', ({ field, value }) => {
    const formValid = SignUpFormSchema.safeParse({ ...signUpForm, [field]: value }).success;
    const wireValid = register.body.safeParse({ ...signUpWire, [field]: value }).success;
    expect(formValid).toBe(wireValid);
  });

  // A company signing up: its company name takes the form's rule on the wire too (a blank one is
  // the form's 'required' and the service's 01005, so it is left out here).
  const companyPairs = [...NAME_EDGES.filter((v) => v.trim() !== ''), 'Acme 2 <b>', 'http://x.y', 'Acme\u202E', 'x'.repeat(201)].map(
    (value) => ({ name: `company=${JSON.stringify(value)}`, value }),
  );
  it.each(companyPairs)('sign-up as a company: $name', ({ value }) => {
    const formValid = SignUpFormSchema.safeParse({ ...signUpForm, userType: 'client', company: value }).success;
    const wireValid = register.body.safeParse({ ...signUpWire, userType: 'client', company: value }).success;
    expect(formValid).toBe(wireValid);
  });

  it('every form and wire schema with a name takes exactly the names of the one rule', () => {
    const schemas = [
      (v: unknown) => SignUpFormSchema.safeParse({ ...signUpForm, firstName: v, lastName: v }),
      (v: unknown) => register.body.safeParse({ ...signUpWire, firstName: v, lastName: v }),
      (v: unknown) => ProfileBasicsFormSchema.safeParse({ ...wizardForm, firstName: v, lastName: v }),
      (v: unknown) => ProfileBasicsSchema.safeParse({ ...wizardWire, firstName: v, lastName: v }),
      (v: unknown) => AboutMeFormSchema.safeParse({ ...aboutForm, firstName: v, lastName: v }),
      (v: unknown) => AboutMeBody.safeParse({ ...aboutWire, firstName: v, lastName: v }),
    ];
    for (const name of NAME_EDGES) for (const parse of schemas) expect(parse(name).success, name).toBe(isPersonName(name.trim()));
  });

  it('answers one set of messages: the forms the same words, the wire its codes for a missing name', () => {
    const firstIssue = (r: { error?: { issues: Array<{ message: string; path: PropertyKey[] }> } }) => r.error?.issues[0];
    for (const [value, message] of [
      ['R2D2', NAME_MESSAGES.firstNameLetters],
      ['<b>x</b>', NAME_MESSAGES.firstNameLetters],
      ['http://x.y', NAME_MESSAGES.firstNameLetters],
      ['Ann\u202Eevil', NAME_MESSAGES.unsafeCharacters],
      ['x'.repeat(51), NAME_MESSAGES.tooLong],
      ['', MESSAGES.firstNameRequired],
    ] as const) {
      expect(firstIssue(SignUpFormSchema.safeParse({ ...signUpForm, firstName: value }))?.message, value).toBe(message);
      expect(firstIssue(ProfileBasicsFormSchema.safeParse({ ...wizardForm, firstName: value }))?.message, value).toBe(message);
      expect(firstIssue(AboutMeFormSchema.safeParse({ ...aboutForm, firstName: value }))?.message, value).toBe(message);
      const wire = message === MESSAGES.firstNameRequired ? 'TL_CORE_01002_E' : message;
      expect(firstIssue(register.body.safeParse({ ...signUpWire, firstName: value }))?.message, value).toBe(wire);
    }
    expect(firstIssue(register.body.safeParse({ ...signUpWire, lastName: '  ' }))?.message).toBe('TL_CORE_01003_E');
    expect(firstIssue(register.body.safeParse({ ...signUpWire, lastName: undefined }))?.message).toBe('TL_CORE_01003_E');
    expect(firstIssue(register.body.safeParse({ ...signUpWire, lastName: 'Rao2' }))?.message).toBe(MESSAGES.lastNameLetters);
    expect(register.body.parse({ ...signUpWire, firstName: ' O’Brien ' }).firstName).toBe('O’Brien');
  });

  it('the cases the wire used to accept are refused on both sides', () => {
    for (const bad of [{ firstName: 'R2D2 <b>' }, { countryCode: 'ZZ' }, { maxHourlyRate: 1e-320 }, { lastName: 'Rao\u202E' }]) {
      expect(ProfileBasicsSchema.safeParse({ ...wizardWire, ...bad }).success).toBe(false);
      expect(AboutMeBody.safeParse({ ...aboutWire, ...bad }).success).toBe(false);
    }
    expect(ProfileBasicsFormSchema.safeParse({ ...wizardForm, firstName: 'R2D2 <b>' }).error?.issues[0]?.message).toBe(M.firstNameLetters);
    expect(ProfileBasicsFormSchema.safeParse({ ...wizardForm, countryCode: 'ZZ' }).error?.issues[0]?.message).toBe(M.countryInvalid);
  });

  const portfolioForm = { portfolioTitle: 'Shop', portfolioDesc: 'An online shop.', portfolioSkills: ['React'], hasFile: false };
  const portfolioEdges: Array<[string, unknown]> = [
    ['portfolioUrl', ''],
    ['portfolioUrl', 'shop'],
    ['portfolioUrl', 'https://shop.example.com'],
    ['portfolioUrl', 'javascript:alert(1)'],
    ['portfolioUrl', 'https://localhost/x'],
    ['portfolioUrl', 'http://a.example/c d'],
    ['portfolioTitle', '<b>Shop</b>'],
    ['portfolioTitle', ''],
    ['portfolioDesc', 'x'.repeat(256)],
    ['portfolioDesc', 'two\nlines'],
    ['portfolioDesc', 'nul\u0000'],
    ['portfolioSkills', []],
    ['portfolioSkills', ['React', 'react']],
  ];
  it.each(portfolioEdges.map(([field, value]) => ({ name: `${field}=${JSON.stringify(value)}`, field, value })))(
    'portfolio item with a link: $name',
    ({ field, value }) => {
      const form = { ...portfolioForm, contentKind: 'url', portfolioUrl: 'https://shop.example.com', [field]: value };
      const wire = { ...portfolioForm, hasFile: undefined, portfolioUrl: 'https://shop.example.com', [field]: value };
      expect(PortfolioItemFormSchema.safeParse(form).success).toBe(PortfolioItemBody.safeParse(wire).success);
    },
  );

  it.each([
    { name: 'a chosen file', hasFile: true, fileIndex: 1 },
    { name: 'no file and no link', hasFile: false, fileIndex: null },
  ])('portfolio item with a file: $name', ({ hasFile, fileIndex }) => {
    const form = { ...portfolioForm, contentKind: 'file', portfolioUrl: '', hasFile };
    const wire = { ...portfolioForm, hasFile: undefined, portfolioUrl: null, fileIndex };
    expect(PortfolioItemFormSchema.safeParse(form).success).toBe(PortfolioItemBody.safeParse(wire).success);
  });
});
