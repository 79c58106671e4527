import crypto from 'node:crypto';
import { type Answer, call, cookieValue, mergeCookies } from './http.ts';

// Accounts, made through the API with the code read from the real mail sink.

export const PASSWORD = 'Str0ng!Passw0rd';

export const uniqueEmail = (label = 'fault') => `${label}-${crypto.randomUUID()}@talentloop.test`;

export type Mailbox = { waitForCode: (email: string, purpose?: 'registration' | 'password_reset', timeoutMs?: number) => Promise<string> };

export type Account = { email: string; accessToken: string; refreshCookie: string; cookies: string };

export async function signUp(server: { baseUrl: string }, email: string, ip?: string): Promise<{ answer: Answer; cookies: string }> {
  const answer = await call(server, 'POST', '/api/user/register', {
    json: { firstName: 'Ada', lastName: 'Lovelace', emailId: email, password: PASSWORD, userType: 'freelancer' },
    ip,
  });
  return { answer, cookies: mergeCookies('', answer.setCookies) };
}

export async function verifyCode(server: { baseUrl: string }, email: string, otp: string, cookies: string, ip?: string) {
  const answer = await call(server, 'POST', '/api/otp/verify', { json: { email, otp, purpose: 'registration' }, cookies, ip });
  return { answer, cookies: mergeCookies(cookies, answer.setCookies) };
}

/** A verified freelancer, signed in by the verification. */
export async function createAccount(server: { baseUrl: string }, mailbox: Mailbox, ip?: string): Promise<Account> {
  const email = uniqueEmail();
  const signed = await signUp(server, email, ip);
  if (signed.answer.status !== 200) throw new Error(`sign-up failed: ${signed.answer.status} ${JSON.stringify(signed.answer.body)}`);
  const otp = await mailbox.waitForCode(email, 'registration', 30_000);
  const verified = await verifyCode(server, email, otp, signed.cookies, ip);
  const refreshCookie = cookieValue(verified.answer.setCookies, 'tl_refresh');
  if (verified.answer.status !== 200 || !refreshCookie) {
    throw new Error(`verification failed: ${verified.answer.status} ${JSON.stringify(verified.answer.body)}`);
  }
  return { email, accessToken: verified.answer.body.accessToken, refreshCookie, cookies: verified.cookies };
}
