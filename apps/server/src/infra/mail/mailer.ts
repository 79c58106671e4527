import nodemailer from 'nodemailer';

/** A file sent with a mail (text content, e.g. a calendar invitation). */
export type MailAttachment = { filename: string; contentType: string; content: string };

export type Mail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[] | null;
  /** How long the mail is worth sending after it is queued (default: a day). A code mail lives as long as its code. */
  ttlMs?: number;
  /**
   * The account's own sign-in and status mail (codes, a suspension notice): the only mail that still
   * reaches a suspended account (enqueueMail).
   */
  forAccountHolder?: boolean;
};
export type SendResult = { ok: true } | { ok: false; error: string };
export type Mailer = { send: (mail: Mail) => Promise<SendResult>; close: () => void };

/**
 * SMTP when a URL is given; otherwise mail is printed to the server's standard output so a
 * developer can read codes locally (never through the structured log).
 */
export function createMailer(opts: { smtpUrl?: string; from: string }): Mailer {
  if (!opts.smtpUrl) {
    return {
      async send(mail) {
        const files = mail.attachments?.length ? `\nAttached: ${mail.attachments.map((a) => a.filename).join(', ')}` : '';
        process.stdout.write(`\n----- mail to ${mail.to} -----\nSubject: ${mail.subject}\n\n${mail.text}${files}\n-----\n\n`);
        return { ok: true };
      },
      close() {},
    };
  }
  const url = new URL(opts.smtpUrl);
  const secure = url.protocol === 'smtps:';
  const transport = nodemailer.createTransport({
    host: url.hostname,
    port: Number(url.port || (secure ? 465 : 587)),
    secure,
    // A loopback or internal relay without TLS is allowed; anything else upgrades opportunistically.
    ignoreTLS: url.searchParams.get('tls') === 'off',
    auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    async send(mail) {
      try {
        await transport.sendMail({
          from: opts.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          attachments: mail.attachments?.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content })),
        });
        return { ok: true };
      } catch (err) {
        return { ok: false, error: err instanceof Error ? err.message : String(err) };
      }
    },
    close: () => transport.close(),
  };
}
