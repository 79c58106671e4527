import { DAY_QUARTERS_MAX, QUARTERS_PER_HOUR, TERMS_MESSAGES } from '@talentloop/contract/api/engagements';

// Hours typed in the week grid: '7.5', '7,5' or '7:30'; whole quarter hours only. Read as text
// (never through a float), so '7.3' is refused rather than rounded.

export const HOURS_MESSAGES = {
  quarter: 'Use quarter hours: .25, .5 or .75 (or :15, :30, :45).',
} as const;

export function parseHours(text: string): { quarterHours: number } | { error: string } | null {
  const t = text.trim();
  if (t === '') return null;
  let whole: string;
  let quarters: number;
  const clock = /^(\d{1,2}):(\d{2})$/.exec(t);
  const decimal = /^(\d{1,2})(?:[.,](\d{1,2}))?$/.exec(t);
  if (clock) {
    whole = clock[1] ?? '0';
    const minutes = Number(clock[2]);
    if (minutes % 15 !== 0 || minutes >= 60) return { error: HOURS_MESSAGES.quarter };
    quarters = minutes / 15;
  } else if (decimal) {
    whole = decimal[1] ?? '0';
    const fraction = (decimal[2] ?? '').padEnd(2, '0');
    const index = ['00', '25', '50', '75'].indexOf(fraction);
    if (index < 0) return { error: HOURS_MESSAGES.quarter };
    quarters = index;
  } else {
    return { error: TERMS_MESSAGES.hours };
  }
  const quarterHours = Number(whole) * QUARTERS_PER_HOUR + quarters;
  if (quarterHours === 0) return null;
  if (quarterHours > DAY_QUARTERS_MAX) return { error: TERMS_MESSAGES.hours };
  return { quarterHours };
}
