import { describe, expect, test } from 'vitest';
import { termsAnsweredMail, weekQueriedMail } from './mails.ts';

// People's words (names, role titles, reasons) reach engagement mails without a live link or markup.

describe('engagement mails', () => {
  const to = { to: 'a@b.test', firstName: 'Maya', url: 'http://x.test/company/projects' };
  const party = { companyName: 'Acme', freelancerName: 'Asha Rao', roleTitle: 'Lead at evil.example' };

  test('a decline quotes the reason defanged in the text and escaped in the HTML', () => {
    const mail = termsAnsweredMail(to, party, { accepted: false, reason: 'See https://rates.example/<b>me</b>', newVersion: false });
    expect(mail.subject).toBe('Asha Rao declined your offer for Lead at evil[.]example');
    expect(mail.text).toContain('Their reason: See https[:]//rates[.]example/<b>me</b>');
    expect(mail.html).toContain('See https[:]//rates[.]example/&lt;b&gt;me&lt;/b&gt;');
    expect(mail.html).not.toContain('<b>me');
    expect(mail.text).toContain('Open it: http://x.test/company/projects');
  });

  test('a query names the days and the reason', () => {
    const mail = weekQueriedMail(to, party, {
      weekStart: '2026-11-16',
      reason: 'Why 10 hours on mail@evil.example?',
      days: ['2026-11-16', '2026-11-17'],
    });
    expect(mail.subject).toBe('Acme queried your week of 2026-11-16');
    expect(mail.text).toContain('2026-11-16, 2026-11-17');
    expect(mail.text).toContain('Their reason: Why 10 hours on mail[@]evil[.]example?');
  });
});
