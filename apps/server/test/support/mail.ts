import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../src/infra/db/client.ts';
import { outbox } from '../../src/infra/db/schema.ts';

// Mail: an SMTP server on loopback (smtp-sink.ts); codes are read from the received messages as a
// user would read them. Plus what a mail test needs around it.

export { type Mailbox, type Purpose, type ReceivedMail, smtpUrl, startMailbox } from './smtp-sink.ts';

/** A loopback port nothing listens on (for "SMTP is down"). */
export async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** The outbox rows queued for one address. */
/** The mails queued for `email`, in the order they were queued (a sent row moves in the heap). */
export async function outboxFor(db: Db, email: string) {
  return db.select().from(outbox).where(eq(outbox.to, email.trim().toLowerCase())).orderBy(asc(outbox.id));
}

/** A 5-digit code other than `code`. */
export function otherCode(code: string, step = 1): string {
  return String((Number(code) + step) % 100_000).padStart(5, '0');
}
