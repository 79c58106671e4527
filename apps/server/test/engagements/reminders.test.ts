import { addDays, currentWeekStart, isoWeekday, localDay } from '@talentloop/contract/api/engagements';
import { describe, expect, test } from 'vitest';
import { sendReminders } from '../../src/features/engagements/sweep.ts';
import { useApi } from '../helpers.ts';
import { refreshed } from '../reviews/support.ts';
import { startLoopApp } from '../talent/loop-support.ts';
import { engaged, hourlyTerms, subjectsFor, submittedWeek } from './support.ts';

// The missing-timesheet reminder (issue 34): on the week's last day (Sunday in the engagement's
// zone), once per week, only when nothing was submitted for it; two sweeps at once send one.

const env = useApi();

describe('timesheet reminders', () => {
  test('on Sunday in the engagement’s zone a freelancer with nothing submitted is reminded once; one who submitted is not', async () => {
    const app = await startLoopApp(env);
    const quiet = await engaged(app, hourlyTerms(app), { companyName: 'Globex' });
    let busy = await engaged(app, hourlyTerms(app), { companyName: 'Initech' });
    const deps = { db: app.db, clock: app.clock, config: app.config };
    const reminders = async (email: string) =>
      (await subjectsFor(app, email)).filter((m) => m.startsWith('Your timesheet for the week of'));

    const today = localDay(app.clock.now(), 'UTC');
    if (isoWeekday(today) !== 7) {
      await sendReminders(deps);
      expect(await reminders(quiet.f.email)).toEqual([]);
    }
    // Sunday noon (UTC), or now when it is already Sunday.
    const sunday = addDays(today, 7 - isoWeekday(today));
    app.clock.advance(Math.max(0, Date.parse(`${sunday}T12:00:00Z`) - app.clock.now().getTime()));
    const weekStart = currentWeekStart(app.clock.now(), 'UTC');
    busy = await refreshed(app, busy);
    await submittedWeek(app, busy.f.token, busy.engagement.id, weekStart, [8]);

    await Promise.all([sendReminders(deps), sendReminders(deps)]);
    await sendReminders(deps);
    expect(await reminders(quiet.f.email)).toEqual([`Your timesheet for the week of ${weekStart}`]);
    expect(await reminders(busy.f.email)).toEqual([]);
  });
});
