import { VETTING_STATUSES, WAITING_TEXTS } from '@talentloop/contract/api/talent-pool';
import { describe, expect, it } from 'vitest';
import { waitingText } from './dashboard-page.tsx';

// Issue 32: the dashboard's side card agrees with the status beside it in every vetting state.

describe('the dashboard side card', () => {
  it('says the profile is in the talent pool only when it is vetted and companies can find it', () => {
    for (const vettingStatus of VETTING_STATUSES)
      for (const discoverable of [true, false]) {
        const text = waitingText({ vettingStatus, discoverable });
        const inPool = vettingStatus === 'vetted' && discoverable;
        expect(text.includes('We have added your profile to the talent pool'), `${vettingStatus} ${discoverable}`).toBe(inPool);
      }
  });
  it('names the state the status shows', () => {
    expect(waitingText({ vettingStatus: 'in_review', discoverable: true })).toMatch(/reviewing your profile/);
    expect(waitingText({ vettingStatus: 'changes_requested', discoverable: true })).toMatch(/changes our team asked for/);
    expect(waitingText({ vettingStatus: 'declined', discoverable: true })).toMatch(/not in the talent pool/);
    expect(waitingText({ vettingStatus: 'not_submitted', discoverable: false })).toMatch(/Finish your profile/);
    expect(waitingText({ vettingStatus: 'vetted', discoverable: false })).toBe(WAITING_TEXTS.hidden);
  });
});
