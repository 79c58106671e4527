import { describe, expect, test } from 'vitest';
import { shortlistMail } from './mails.ts';

describe('shortlist mails', () => {
  const base = {
    to: 'a@b.test',
    firstName: 'Ada',
    companyName: 'Acme',
    role: 'Designer',
    reason: null,
    dashboardUrl: 'http://x.test/freelancer/dashboard',
  };

  test('one subject per stage, the reason only when not selected', () => {
    expect(shortlistMail({ ...base, stage: 'shortlisted' }).subject).toBe('Acme shortlisted you for Designer');
    expect(shortlistMail({ ...base, stage: 'interview' }).subject).toBe('Acme wants to interview you for Designer');
    expect(shortlistMail({ ...base, stage: 'selected' }).subject).toBe('Acme selected you for Designer');
    const no = shortlistMail({ ...base, stage: 'not_selected', reason: 'Filled internally' });
    expect(no.subject).toBe('An update from Acme on Designer');
    expect(no.text).toContain('Their reason: Filled internally');
  });

  test('the company’s words carry no live link and no markup', () => {
    const m = shortlistMail({
      ...base,
      stage: 'not_selected',
      companyName: 'evil.example',
      role: '<b>Dev</b>',
      reason: 'see https://evil.example/x',
    });
    expect(m.subject).toBe('An update from evil[.]example on <b>Dev</b>');
    expect(m.text).toContain('https[:]//evil[.]example/x');
    expect(m.html).not.toContain('<b>Dev</b>');
    expect(m.html).toContain('&lt;b&gt;Dev&lt;/b&gt;');
    expect(m.html).not.toContain('evil.example');
  });
});
