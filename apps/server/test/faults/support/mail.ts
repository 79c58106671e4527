import { type Mailbox as SmtpSink, startMailbox as startSmtpSink } from '../../support/smtp-sink.ts';
import { onCleanup } from './harness.ts';

// Mail: a real SMTP sink on loopback (smtp-server), started and stopped at will on a fixed port.

export type MailSink = SmtpSink;

/** An SMTP sink on `port` (0: a free one): test/support/smtp-sink.ts, closed with the file's cleanups. */
export async function startMailSink(port = 0): Promise<MailSink> {
  const sink = await startSmtpSink(port);
  onCleanup(() => {
    void sink.close();
  });
  return sink;
}
