import http from 'node:http';
import { SMTPServer } from 'smtp-server';

// A real SMTP server on loopback for the browser tests, with a small HTTP API to read what arrived.
const SMTP_PORT = Number(process.env.MAIL_SINK_SMTP_PORT ?? 2525);
const HTTP_PORT = Number(process.env.MAIL_SINK_HTTP_PORT ?? 2526);

type Message = { to: string[]; raw: string; at: number };
const messages: Message[] = [];

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => {
      messages.push({
        to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
        raw: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
      });
      callback();
    });
  },
});
smtp.listen(SMTP_PORT, '127.0.0.1');

http
  .createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const to = url.searchParams.get('to')?.toLowerCase();
    const found = messages.filter((m) => !to || m.to.includes(to));
    res.setHeader('Content-Type', 'application/json');
    res.end(JSON.stringify(found));
  })
  .listen(HTTP_PORT, '127.0.0.1');
