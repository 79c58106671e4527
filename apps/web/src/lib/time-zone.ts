import { canonicalTimeZone, isIanaTimeZone } from '@talentloop/contract/rules/interview-times';

/**
 * The browser's IANA zone by its canonical name ('Asia/Kolkata' where Chromium says 'Asia/Calcutta'),
 * or UTC when it names none we know.
 */
export function browserTimeZone(): string {
  const zone = canonicalTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone ?? '');
  return isIanaTimeZone(zone) ? zone : 'UTC';
}
