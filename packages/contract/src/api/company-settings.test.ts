import { describe, expect, it } from 'vitest';
import { COMPANY_MAIL_KINDS, CompanyNotificationsBody, DEFAULT_COMPANY_MAIL_PREFERENCES } from './company-settings.ts';

describe('company mail preferences', () => {
  it('has every kind on by default except product news, which needs an opt-in', () => {
    expect(DEFAULT_COMPANY_MAIL_PREFERENCES).toEqual({ verification: true, support: true, talent: true, news: false });
    expect(Object.keys(DEFAULT_COMPANY_MAIL_PREFERENCES)).toEqual([...COMPANY_MAIL_KINDS]);
  });

  it('accepts every kind as true or false, and refuses an unknown kind, a missing kind or another value', () => {
    const all = { verification: true, support: false, talent: true, news: false };
    expect(CompanyNotificationsBody.safeParse({ mail: all, version: 3 }).success).toBe(true);
    const unknown = CompanyNotificationsBody.safeParse({ mail: { ...all, spam: true } });
    expect(unknown.error?.issues[0]?.message).toBe('Unknown mail kind: spam');
    expect(CompanyNotificationsBody.safeParse({ mail: { verification: true, support: true, talent: true } }).success).toBe(false);
    expect(CompanyNotificationsBody.safeParse({ mail: { ...all, news: 'yes' } }).success).toBe(false);
  });
});
