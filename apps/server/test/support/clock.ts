// Time in the API tests: durations, the app's controllable clock, and waiting for a state.

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** Real time plus an offset the test moves forward (mail retries still tick on their own). */
export type TestClock = { now: () => Date; advance: (ms: number) => void };

export function createClock(): TestClock {
  let offset = startOffset(process.env.TEST_CLOCK_START);
  return {
    now: () => new Date(Date.now() + offset),
    advance(ms) {
      offset += ms;
    },
  };
}

/**
 * `TEST_CLOCK_START=23:50` starts every test clock at the nearest such UTC time, to run the suites as
 * they would run just before midnight (a CI run at 23:50 once found a test that assumed otherwise).
 */
function startOffset(start: string | undefined): number {
  if (!start) return 0;
  if (!/^\d{2}:\d{2}$/.test(start)) throw new Error(`TEST_CLOCK_START must be hh:mm (UTC), not ${start}`);
  const now = Date.now();
  const today = Date.parse(`${new Date(now).toISOString().slice(0, 10)}T${start}:00Z`);
  // The nearest such moment, yesterday's or today's or tomorrow's, so the clock moves by hours at most.
  const candidates = [today - DAY, today, today + DAY].map((t) => t - now);
  return candidates.reduce((a, b) => (Math.abs(b) < Math.abs(a) ? b : a));
}

/**
 * Moves the clock forward to `hh:mm` UTC on an ISO day, so a test about a day's start does not
 * depend on the time of day it runs at (advancing whole days from 23:50 lands on the wrong date).
 */
export function advanceTo(clock: TestClock, day: string, time = '01:00'): void {
  const target = Date.parse(`${day}T${time}:00Z`);
  const by = target - clock.now().getTime();
  if (by < 0) throw new Error(`the clock is already past ${day}T${time}Z`);
  clock.advance(by);
}

/** Polls until `check` returns a value other than undefined/false, or fails after `timeoutMs`. */
export async function until<T>(
  check: () => Promise<T | undefined | false> | T | undefined | false,
  what: string,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
