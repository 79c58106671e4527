import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

// The one SMTP sink of every test suite: the API suite (support/mail.ts), the fault suite
// (faults/support/mail.ts) and the browser suite (e2e/support/mail-sink.ts, which serves what it
// received over HTTP to the browser tests). A real SMTP server on loopback that keeps every message
// it receives; codes are read from the received mail as a user would read them.

export type Purpose = 'registration' | 'password_reset';
/** One message as received: recipients, the raw message, quoted-printable undone, and when it arrived (ms). */
export type ReceivedMail = { to: string[]; raw: string; decoded: string; at: number };

export type Mailbox = {
  port: number;
  /** SMTP_URL for the app. */
  url: string;
  received: ReceivedMail[];
  /** Every message received for one address. */
  mailTo: (email: string) => ReceivedMail[];
  /**
   * The oldest code for (email, purpose) not yet taken by an earlier call; waits for it. Answers as
   * soon as the message arrives (no polling), or fails after `timeoutMs`.
   */
  waitForCode: (email: string, purpose?: Purpose, timeoutMs?: number) => Promise<string>;
  close: () => Promise<void>;
};

const CODE_PATTERNS: Record<Purpose, RegExp> = {
  registration: /Use this code to verify your email: (\d{5})/,
  password_reset: /Use this code to reset your password: (\d{5})/,
};

/** Undoes quoted-printable soft line breaks and escapes (harmless on the plain parts). */
function decodeQuotedPrintable(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

export function smtpUrl(port: number): string {
  return `smtp://127.0.0.1:${port}/?tls=off`;
}

/** Starts the sink on `port` (0: a free one). */
export async function startMailbox(port = 0): Promise<Mailbox> {
  const received: ReceivedMail[] = [];
  const taken = new Set<ReceivedMail>();
  /** Waiting calls, each told when a message arrives. */
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    closeTimeout: 1_000,
    disableReverseLookup: true,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const to = session.envelope.rcptTo.map((a) => a.address.toLowerCase());
        received.push({ to, raw, decoded: decodeQuotedPrintable(raw), at: Date.now() });
        callback();
        for (const wake of [...waiters]) wake();
      });
    },
  });
  server.on('error', () => {});
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const actualPort = (server.server.address() as AddressInfo).port;
  const mailTo = (email: string) => received.filter((m) => m.to.includes(email.toLowerCase()));
  const takeCode = (email: string, purpose: Purpose) => {
    for (const mail of mailTo(email)) {
      if (taken.has(mail)) continue;
      const code = CODE_PATTERNS[purpose].exec(mail.decoded)?.[1];
      if (code) {
        taken.add(mail);
        return code;
      }
    }
    return undefined;
  };
  return {
    port: actualPort,
    url: smtpUrl(actualPort),
    received,
    mailTo,
    waitForCode(email, purpose = 'registration', timeoutMs = 20_000) {
      return new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`timed out waiting for a ${purpose} code for ${email}`));
        }, timeoutMs);
        function check() {
          const code = takeCode(email, purpose);
          if (code === undefined) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(code);
        }
        waiters.add(check);
        check();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
