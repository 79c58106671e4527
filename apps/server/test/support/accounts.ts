import crypto from 'node:crypto';
import { normalizeEmail } from '@talentloop/contract';
import { eq } from 'drizzle-orm';
import { type PasswordHashOptions, hashPassword } from '../../src/features/auth/passwords.ts';
import { activateRegistration } from '../../src/features/auth/queries.ts';
import type { Db } from '../../src/infra/db/client.ts';
import { users } from '../../src/infra/db/schema.ts';
import type { ApiResponse, Json, RequestOptions } from './http.ts';
import type { Mailbox } from './smtp-sink.ts';

// Users and sessions: accounts made through the API as a user makes them (sign-up, the code from
// the real mailbox, verification), accounts for set-ups whose subject is not sign-up (`verifiedAccount`),
// and reads of what the database holds about them.

export const PASSWORD = 'Str0ng!Passw0rd';
export const NEW_PASSWORD = 'N3w!Passw0rd-2';

/** A fresh address for each test, so tests never share data. */
export function uniqueEmail(label = 'user'): string {
  return `${label}-${crypto.randomUUID()}@talentloop.test`;
}

/** Letters only (a to z), different each call: for names the name rule takes (it refuses digits). */
export function uniqueLetters(length = 8): string {
  return Array.from(crypto.randomBytes(length), (b) => String.fromCharCode(97 + (b % 26))).join('');
}

export type Session = { accessToken: string; refreshCookie: string; body: Json };

export function sessionOf(res: ApiResponse, what: string): Session {
  const refreshCookie = res.cookies.get('tl_refresh')?.value;
  if (res.status !== 200 || typeof res.body?.accessToken !== 'string' || !refreshCookie) {
    throw new Error(`${what} failed: ${res.status} ${JSON.stringify(res.body)}`);
  }
  return { accessToken: res.body.accessToken, refreshCookie, body: res.body };
}

export type Accounts = {
  /** Registers a freelancer (unverified); returns the email and password used. */
  signUp: (email?: string, fields?: Record<string, unknown>) => Promise<{ email: string; password: string }>;
  /** Reads the registration code from the mailbox and verifies it. */
  verify: (email: string) => Promise<Session>;
  /** Logs in with email and password. */
  signIn: (email: string, password?: string) => Promise<Session>;
  /** A verified account, signed in by its verification (one session). */
  createUser: (email?: string) => Promise<{ email: string; password: string } & Session>;
};

/** The account steps of one app, through its `post` (which keeps the browser's code cookie). */
export function accountsOf(
  post: (path: string, json?: unknown, opts?: RequestOptions) => Promise<ApiResponse>,
  mailbox: () => Mailbox,
): Accounts {
  const signUp: Accounts['signUp'] = async (email = uniqueEmail(), fields = {}) => {
    const body = { firstName: 'Ada', lastName: 'Lovelace', emailId: email, password: PASSWORD, userType: 'freelancer', ...fields };
    const res = await post('/api/user/register', body);
    if (res.status !== 200) throw new Error(`sign-up failed: ${res.status} ${JSON.stringify(res.body)}`);
    return { email, password: String(body.password) };
  };
  const verify: Accounts['verify'] = async (email) => {
    const otp = await mailbox().waitForCode(email, 'registration');
    return sessionOf(await post('/api/otp/verify', { email, otp, purpose: 'registration' }), 'verification');
  };
  const signIn: Accounts['signIn'] = async (email, password = PASSWORD) =>
    sessionOf(await post('/api/auth/login', { email, password }), 'login');
  const createUser: Accounts['createUser'] = async (email) => {
    const account = await signUp(email);
    return { ...account, ...(await verify(account.email)) };
  };
  return { signUp, verify, signIn, createUser };
}

/** PASSWORD hashed once per cost (as the browser suite's seed route does); every login still verifies it. */
const passwordHashes = new Map<string, Promise<string>>();

/**
 * A verified account, signed in, for a set-up whose subject is not sign-up (the marketplace loop's
 * parties, decision 292): the user row is made by the auth feature's own `activateRegistration`, in a
 * transaction as a verified code makes it (PASSWORD hashed at the app's cost), and the session comes
 * from the real login. No registration code is issued or mailed: sign-up, its code and its mail are
 * proven by the accounts' own tests, which use `signUp`, `verify` and `createUser`. The same shape as
 * `createUser` answers.
 */
export async function verifiedAccount(
  app: { db: Db; clock: { now: () => Date }; config: { passwordHash: PasswordHashOptions }; signIn: Accounts['signIn'] },
  opts: { email?: string; userType?: 'freelancer' | 'client'; company?: string } = {},
): Promise<{ email: string; password: string } & Session> {
  const email = opts.email ?? uniqueEmail();
  const cost = JSON.stringify(app.config.passwordHash);
  let hash = passwordHashes.get(cost);
  if (!hash) {
    hash = hashPassword(PASSWORD, app.config.passwordHash);
    hash.catch(() => passwordHashes.delete(cost));
    passwordHashes.set(cost, hash);
  }
  const userType = opts.userType ?? 'freelancer';
  const attempt = {
    passwordHash: await hash,
    firstName: 'Ada',
    lastName: 'Lovelace',
    userType,
    company: userType === 'client' ? (opts.company ?? '') : '',
  };
  const made = await app.db.transaction((tx) => activateRegistration(tx, normalizeEmail(email), attempt, app.clock.now()));
  if (!made) throw new Error(`${email} is already a verified account`);
  return { email, password: PASSWORD, ...(await app.signIn(email)) };
}

export async function findUser(db: Db, email: string) {
  const [row] = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase()));
  return row;
}

export async function countUsers(db: Db, email: string): Promise<number> {
  return (await db.select({ id: users.id }).from(users).where(eq(users.email, email.trim().toLowerCase()))).length;
}
