import { describe, expect, test } from 'vitest';
import { DISPUTE_WINDOW_DAYS, disputeWindowEnd, splitDisputed, withinDisputeWindow } from './disputes.ts';
import { splitFee } from './money.ts';

describe('the dispute window', () => {
  test('is 30 days after the issue date, that day included', () => {
    expect(DISPUTE_WINDOW_DAYS).toBe(30);
    expect(disputeWindowEnd('2026-11-01')).toBe('2026-12-01');
    expect(disputeWindowEnd('2026-02-10')).toBe('2026-03-12');
    expect(disputeWindowEnd('2028-02-10')).toBe('2028-03-11');
  });

  test.each([
    ['2026-11-01', '2026-11-01', true],
    ['2026-11-01', '2026-11-30', true],
    ['2026-11-01', '2026-12-01', true],
    ['2026-11-01', '2026-12-02', false],
    ['2026-12-31', '2027-01-30', true],
    ['2026-12-31', '2027-01-31', false],
    ['2026-11-02', '2026-11-01', false],
  ])('an invoice of %s on %s: %s', (issued, today, open) => {
    expect(withinDisputeWindow(issued, today)).toBe(open);
  });
});

describe('a split', () => {
  test('gives back the refunded part with its fee and releases the rest of the net, to the minor unit', () => {
    const { gross, net } = splitFee(80_000, 'EUR');
    const s = splitDisputed(gross, net, 10_000, 'EUR');
    expect(s).toEqual({ refundGross: 10_000, refundFee: 1_500, refundNet: 8_500, releaseNet: net - 8_500 });
  });

  test('rounds the fee on the refunded part once and loses no minor unit', () => {
    for (const [gross, refund] of [
      [10_001, 3_333],
      [99_999, 1],
      [12_345, 12_344],
      [7, 3],
    ] as const) {
      const { net, fee } = splitFee(gross, 'INR');
      const s = splitDisputed(gross, net, refund, 'INR');
      if (!s) throw new Error(`no split of ${gross} by ${refund}`);
      expect(s.refundFee + s.refundNet).toBe(refund);
      expect(s.refundNet + s.releaseNet).toBe(net);
      expect(s.refundFee).toBeLessThanOrEqual(fee);
      expect(s.releaseNet).toBeGreaterThanOrEqual(0);
    }
  });

  test('is refused for nothing, the whole invoice or more, or a fraction of a minor unit', () => {
    const { gross, net } = splitFee(80_000, 'EUR');
    expect(splitDisputed(gross, net, 0, 'EUR')).toBeUndefined();
    expect(splitDisputed(gross, net, -5, 'EUR')).toBeUndefined();
    expect(splitDisputed(gross, net, gross, 'EUR')).toBeUndefined();
    expect(splitDisputed(gross, net, gross + 1, 'EUR')).toBeUndefined();
    expect(splitDisputed(gross, net, 1.5, 'EUR')).toBeUndefined();
  });
});
