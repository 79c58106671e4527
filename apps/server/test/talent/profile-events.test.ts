import { savePrivacy } from '@talentloop/contract/api/account';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { refreshTalentSearch } from '../../src/features/talent-search/read-model.ts';
import { rowsOf } from '../../src/infra/db/rows.ts';
import { type ProfileChangedListener, onProfileChanged, profileChanged } from '../../src/infra/profile-events.ts';
import { subscribeReadModels } from '../../src/read-models.ts';
import { call, findUser, useApi } from '../helpers.ts';
import { completedFreelancer } from '../profile/support.ts';

// Profile and account writes reach the talent search through one in-process event (decision 185):
// the writer publishes profileChanged in its transaction, the read model subscribed at start
// rebuilds the rows there. A write with no read model listening fails, and changes nothing.

const env = useApi();

async function vettedFreelancer(app: Awaited<ReturnType<typeof env.start>>) {
  const user = await completedFreelancer(app);
  const id = (await findUser(app.db, user.email))?.id as string;
  await app.db.execute(sql`UPDATE freelancer_profiles SET vetting_status = 'vetted', vetting_status_at = now() WHERE user_id = ${id}`);
  await refreshTalentSearch(app.db, [id]);
  return { ...user, id };
}

const searchRow = async (app: Awaited<ReturnType<typeof env.start>>, id: string) =>
  rowsOf<{ user_id: string }>(await app.db.execute(sql`SELECT user_id FROM talent_search WHERE user_id = ${id}`)).length;

describe('profileChanged', () => {
  it('carries a profile write to the search index, inside the write transaction', async () => {
    const app = await env.start();
    const user = await vettedFreelancer(app);
    expect(await searchRow(app, user.id)).toBe(1);
    // The talent search's subscription, wrapped so the test sees each event it receives.
    const heard: { userIds: readonly string[]; rowsSeen: number }[] = [];
    const spy: ProfileChangedListener = async (tx, userIds) => {
      await refreshTalentSearch(tx, userIds);
      // In the writer's transaction: its write (not yet committed) is what the rebuild read.
      const rows = await tx.execute(sql`SELECT 1 FROM freelancer_profiles WHERE user_id = ${userIds[0] ?? null} AND NOT open_to_work`);
      heard.push({ userIds, rowsSeen: rowsOf(rows).length });
    };
    const off = onProfileChanged('talent-search', spy);
    try {
      const res = await call(app, savePrivacy, { body: { openToWork: false, visibility: 'companies' } }, { token: user.accessToken });
      expect(res.status).toBe(200);
    } finally {
      off();
      subscribeReadModels();
    }
    expect(heard).toEqual([{ userIds: [user.id], rowsSeen: 1 }]);
    // Closed to work: the event's rebuild removed the row.
    expect(await searchRow(app, user.id)).toBe(0);
  });

  it('fails a write loudly when no read model is subscribed, and the write is rolled back', async () => {
    const app = await env.start();
    const user = await vettedFreelancer(app);
    // Take the talent search's subscription away (the unsubscribe of a same-name subscription).
    onProfileChanged('talent-search', refreshTalentSearch)();
    try {
      await expect(profileChanged(app.db, [user.id])).rejects.toThrow(/no read model is subscribed/);
      const res = await call(app, savePrivacy, { body: { openToWork: false, visibility: 'hidden' } }, { token: user.accessToken });
      expect(res.status).toBe(500);
    } finally {
      subscribeReadModels();
    }
    const [profile] = rowsOf<{ open_to_work: boolean }>(
      await app.db.execute(sql`SELECT open_to_work FROM freelancer_profiles WHERE user_id = ${user.id}`),
    );
    expect(profile?.open_to_work).toBe(true);
    expect(await searchRow(app, user.id)).toBe(1);
    // Subscribed again: the same save goes through.
    const res = await call(app, savePrivacy, { body: { openToWork: false, visibility: 'hidden' } }, { token: user.accessToken });
    expect(res.status).toBe(200);
    expect(await searchRow(app, user.id)).toBe(0);
  });
});
