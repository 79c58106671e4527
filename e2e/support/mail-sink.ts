import http from 'node:http';
import { startMailbox } from '../../apps/server/test/support/smtp-sink.ts';

// The browser tests' mail sink: the same SMTP sink as the API and fault suites
// (apps/server/test/support/smtp-sink.ts), run as a process of its own beside the server, with a
// small HTTP API from which the tests (support/mail.ts) read what arrived.
const SMTP_PORT = Number(process.env.MAIL_SINK_SMTP_PORT ?? 2525);
const HTTP_PORT = Number(process.env.MAIL_SINK_HTTP_PORT ?? 2526);

const mailbox = await startMailbox(SMTP_PORT);

http
  .createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const to = url.searchParams.get('to')?.toLowerCase();
    const found = to ? mailbox.mailTo(to) : mailbox.received;
    res.setHeader('Content-Type', 'application/json');
    res.end(JSON.stringify(found.map(({ to, raw, at }) => ({ to, raw, at }))));
  })
  .listen(HTTP_PORT, '127.0.0.1');
