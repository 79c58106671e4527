import { expect } from '@playwright/test';

const SINK = `http://127.0.0.1:${process.env.MAIL_SINK_HTTP_PORT ?? 2526}`;

/** Waits for the newest code mailed to `email` (newer than `after`) and returns its 5 digits. */
export async function readCode(
  email: string,
  purpose: 'registration' | 'password_reset' | 'company_email' | 'payout_details' = 'registration',
  after = 0,
): Promise<string> {
  const phrase = {
    registration: 'verify your email',
    password_reset: 'reset your password',
    company_email: 'verify your company email',
    payout_details: 'confirm the change to your payout details',
  }[purpose];
  let code = '';
  await expect
    .poll(
      async () => {
        const res = await fetch(`${SINK}/?to=${encodeURIComponent(email)}`);
        const messages = (await res.json()) as Array<{ raw: string; at: number }>;
        for (const m of messages.filter((x) => x.at > after).reverse()) {
          const text = m.raw.replace(/=\r?\n/g, '');
          const match = new RegExp(`${phrase}: (\\d{5})`).exec(text);
          if (match?.[1]) {
            code = match[1];
            return true;
          }
        }
        return false;
      },
      { timeout: 15_000, intervals: [100, 200, 500] },
    )
    .toBe(true);
  return code;
}

/** Waits for a mail to `email` whose subject holds `subject` (newer than `after`). */
export async function expectMail(email: string, subject: string, after = 0): Promise<void> {
  await expect
    .poll(
      async () => {
        const res = await fetch(`${SINK}/?to=${encodeURIComponent(email)}`);
        const messages = (await res.json()) as Array<{ raw: string; at: number }>;
        return messages.some((m) => m.at > after && /^Subject: (.*)$/im.exec(m.raw.replace(/\r?\n[ \t]+/g, ' '))?.[1]?.includes(subject));
      },
      { timeout: 15_000, intervals: [100, 200, 500] },
    )
    .toBe(true);
}

/**
 * Waits for a mail to `email` whose subject holds `subject` and returns the first address in it that
 * matches `link` (quoted-printable line breaks undone). `timeout`: for mails a periodic sweep sends.
 */
export async function readMailLink(email: string, subject: string, link: RegExp, timeout = 15_000): Promise<string> {
  let found = '';
  await expect
    .poll(
      async () => {
        const res = await fetch(`${SINK}/?to=${encodeURIComponent(email)}`);
        const messages = (await res.json()) as Array<{ raw: string; at: number }>;
        for (const m of [...messages].reverse()) {
          const raw = m.raw.replace(/\r?\n[ \t]+/g, ' ');
          if (!/^Subject: (.*)$/im.exec(raw)?.[1]?.includes(subject)) continue;
          const match = link.exec(m.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '='));
          if (match) {
            found = match[0];
            return true;
          }
        }
        return false;
      },
      { timeout, intervals: [200, 500, 1_000] },
    )
    .toBe(true);
  return found;
}
