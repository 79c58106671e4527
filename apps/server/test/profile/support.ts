import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { onTestFinished } from 'vitest';
import type { Db } from '../../src/infra/db/client.ts';
import * as schema from '../../src/infra/db/schema.ts';
import { type ApiResponse, type Json, type TestApp, request, startTestApp, type useApi } from '../helpers.ts';
import { bearer, education, freelancerWithBasics, randomIndianMobile, work } from '../onboarding/support.ts';

export const preference = { minHoursPerWeek: 30, maxHoursPerWeek: 48, projectDurationPreference: '6+ months' };

/** A valid About Me save (a fresh mobile number each time unless given). */
export const aboutBody = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Asha',
  lastName: 'Rao-Menon',
  description: 'I design and build accessible web apps for small teams.',
  countryCode: 'IN',
  dialingCode: '+91',
  mobileNo: randomIndianMobile(),
  occupation: 'Web Developer',
  minHourlyRate: 0,
  maxHourlyRate: 45,
  experienceLevel: 'experienced',
  languages: [
    { languageCode: 'en', proficiency: 'Fluent' },
    { languageCode: 'TA', proficiency: 'Native' },
  ],
  videoTitle: 'My work in two minutes',
  videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  ...overrides,
});

/** A freelancer who finished the wizard (basics with a photo, education and work, preferences). */
export async function completedFreelancer(app: TestApp) {
  const user = await freelancerWithBasics(app);
  const auth = bearer(user.accessToken);
  const step2 = await app.post('/api/freelancer/education-work', { educationDetails: education, workExp: work }, auth);
  if (step2.status !== 200) throw new Error(`education-work failed: ${JSON.stringify(step2.body)}`);
  const step3 = await app.post('/api/freelancer/work-preference', preference, auth);
  if (step3.status !== 200) throw new Error(`work-preference failed: ${JSON.stringify(step3.body)}`);
  return user;
}

/** Calls an editor endpoint with the user's token. */
export function editor(app: TestApp, token: string) {
  const call = (method: string, path: string, json?: unknown) => request(app.baseUrl, method, `/api${path}`, { json, ...bearer(token) });
  return {
    get: (path: string) => call('GET', path),
    put: (path: string, json: unknown) => call('PUT', path, json),
    post: (path: string, json: unknown) => call('POST', path, json),
    del: (path: string) => call('DELETE', path),
  };
}

/** Sends a photo to the editor's update-photo endpoint as multipart `profilePhoto`. */
export async function uploadPhoto(app: TestApp, token: string, data: Buffer, type = 'image/jpeg'): Promise<ApiResponse> {
  const form = new FormData();
  form.set('profilePhoto', new Blob([new Uint8Array(data)], { type }), 'photo.jpg');
  const res = await fetch(`${app.baseUrl}/api/freelancer-settings/update-photo`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const text = await res.text();
  let body: Json = text;
  try {
    body = JSON.parse(text);
  } catch {}
  return { status: res.status, body, headers: res.headers, cookies: new Map() };
}

/**
 * An app whose database handle counts the statements that touch the freelancer tables, or those
 * `counted` matches (the outbox
 * worker and the session checks never do, so the count is exact whatever runs beside it); a
 * statement prepared once per session counts when it is executed, not when it is prepared.
 */
export async function startCountingApp(env: ReturnType<typeof useApi>, counted = /freelancer_|tl_about_me_read/) {
  let count = 0;
  const logger = {
    logQuery(query: string) {
      // The About Me load runs as a prepared statement (features/freelancer-profile/queries.ts): on
      // PGlite `EXECUTE tl_about_me_read(...)` after a one-time PREPARE, which is set-up, not a load.
      if (counted.test(query) && !/^\s*PREPARE\b/i.test(query)) count += 1;
    },
  };
  const { database } = env;
  const client = (database.db as unknown as { $client: never }).$client;
  const db = (database.kind === 'pglite'
    ? drizzlePglite(client, { schema, logger })
    : drizzlePg(client, { schema, logger })) as unknown as Db;
  const app = await startTestApp({ database: { ...database, db, close: async () => {} }, mailbox: env.mailbox });
  onTestFinished(() => app.close());
  return {
    app,
    /** Statements on the freelancer tables run by `action`. */
    async queriesOf(action: () => Promise<unknown>): Promise<number> {
      const before = count;
      await action();
      return count - before;
    },
  };
}
