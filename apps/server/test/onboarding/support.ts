import sharp from 'sharp';
import { type ApiResponse, type TestApp, verifiedAccount } from '../helpers.ts';

export const validBasics = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Asha',
  lastName: 'Rao',
  description: 'I design and build accessible web apps.',
  countryCode: 'IN',
  dialingCode: '+91',
  mobileNo: randomIndianMobile(),
  occupation: 'Web Developer',
  minHourlyRate: 0,
  maxHourlyRate: '30',
  experienceLevel: 'mid-exp',
  skills: [
    { skillName: 'React', experienceLevel: 3 },
    { skillName: 'TypeScript', experienceLevel: 0 },
  ],
  languages: [
    { languageCode: 'EN', proficiency: 'Fluent' },
    { languageCode: 'HI', proficiency: 'Native' },
  ],
  ...overrides,
});

export function randomIndianMobile(): string {
  return `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
}

/** A real JPEG carrying EXIF metadata, so a test can check it is stripped. */
const jpegs = new Map<string, Promise<Buffer>>();

/** The same bytes for the same size, encoded once per process; each caller gets its own copy. */
export async function jpegWithExif(width = 900, height = 700): Promise<Buffer> {
  const key = `${width}x${height}`;
  let made = jpegs.get(key);
  if (!made) {
    made = sharp({ create: { width, height, channels: 3, background: '#4f46e5' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'secret-owner', Artist: 'Someone' } })
      .toBuffer();
    made.catch(() => jpegs.delete(key));
    jpegs.set(key, made);
  }
  return Buffer.from(await made);
}

export async function postProfile(
  app: TestApp,
  token: string,
  parts: { profileData?: unknown; photo?: { data: Buffer; name: string; type: string } | null; raw?: string },
): Promise<ApiResponse> {
  const form = new FormData();
  if (parts.raw !== undefined) form.set('profileData', parts.raw);
  else if (parts.profileData !== undefined) form.set('profileData', JSON.stringify(parts.profileData));
  if (parts.photo) form.set('profilePhoto', new Blob([new Uint8Array(parts.photo.data)], { type: parts.photo.type }), parts.photo.name);
  const res = await fetch(`${app.baseUrl}/api/freelancer/onboarding-profile`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined, headers: res.headers, cookies: new Map() };
}

export const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });

export const education = [{ degree: 'Bachelor of Technology', college: 'Indian Institute of Technology, Bombay', yearOfPassed: 2019 }];
export const work = [
  { title: 'Frontend Developer', company: 'Infosys', startDate: '2019-07-01', endDate: '2022-03-31' },
  { title: 'Senior Frontend Developer', company: 'Freshworks', startDate: '2022-04-01', endDate: null },
];

/** A verified freelancer who has saved profile basics with a photo. */
export async function freelancerWithBasics(app: TestApp) {
  // A verified account (its sign-up and code are the accounts' tests' subject, decision 292).
  const user = await verifiedAccount(app);
  const res = await postProfile(app, user.accessToken, {
    profileData: validBasics(),
    photo: { data: await jpegWithExif(), name: 'me.jpg', type: 'image/jpeg' },
  });
  if (res.status !== 200) throw new Error(`basics failed: ${JSON.stringify(res.body)}`);
  return { ...user, profile: res.body };
}
