import { describe, expect, it } from 'vitest';
import { TermsInput, billingMissingMessage } from './engagements.ts';

describe('engagement contract', () => {
  it('names what billing details are missing, for each side', () => {
    expect(billingMissingMessage('company', ['legalName', 'address', 'billingEmailProof'])).toBe(
      'Before making an offer, add to your billing details: your legal name, your full address and your billing email confirmed with the code we mailed to it.',
    );
    expect(billingMissingMessage('freelancer', ['address'])).toBe('Before accepting, add to your billing details: your full address.');
  });

  it('reads hourly and fixed terms with the money rule and the zone by its canonical name', () => {
    const base = { roleTitle: 'Lead', scope: 'Lead the design work.', currency: 'INR', startDate: '2026-12-01', noticeDays: 30 } as const;
    const hourly = TermsInput.parse({ ...base, kind: 'hourly', rateMinor: 150_000, weeklyCapHours: 40, timeZone: 'Asia/Calcutta' });
    expect(hourly.timeZone).toBe('Asia/Kolkata');
    const issues = (v: unknown) => TermsInput.safeParse(v).error?.issues.map((i) => i.message) ?? [];
    expect(issues({ ...base, kind: 'hourly', rateMinor: 0, weeklyCapHours: 40 })).toEqual(['Enter an amount above zero.']);
    expect(issues({ ...base, kind: 'fixed', milestones: [{ title: 'One', amountMinor: -5, dueDate: '2026-11-30' }] })).toEqual([
      'The amount cannot be negative.',
      'A milestone cannot be due before the start date.',
    ]);
    expect(issues({ ...base, kind: 'hourly', rateMinor: 100, weeklyCapHours: 40, noticeDays: 29 })).toEqual([
      "The notice period is a whole number of days from 30 (the terms' minimum) to 365.",
    ]);
  });
});
