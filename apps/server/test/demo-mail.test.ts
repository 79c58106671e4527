import { sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { seedDemo } from '../src/features/demo/seed.ts';
import { rowsOf } from '../src/infra/db/rows.ts';
import { outboxFor, useApi } from './helpers.ts';
import { markDemo, reviewedFreelancer, startLoopApp } from './talent/loop-support.ts';

// Demo accounts are never mailed, by any path (decision 169): the outbox's one recipient rule
// refuses them, so no call site has to remember it.

const env = useApi();

describe('mail to demo accounts', () => {
  test('a password reset for a seeded demo account queues and sends no mail, and answers as for anyone', async () => {
    const app = await startLoopApp(env);
    await seedDemo(app.db, { count: 1, storage: null, seed: 4242 });
    const [demo] = rowsOf<{ email: string }>(await app.db.execute(sql`SELECT email FROM users WHERE demo LIMIT 1`));
    const email = demo?.email as string;
    expect(email).toMatch(/\.invalid$/);
    const res = await app.post('/api/auth/request-password-reset', { email });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await outboxFor(app.db, email)).toEqual([]);
  });

  test('a real account marked demo gets no reset code either', async () => {
    const app = await startLoopApp(env);
    const f = await reviewedFreelancer(app);
    await markDemo(app, f.id);
    const before = (await outboxFor(app.db, f.email)).length;
    expect((await app.post('/api/auth/request-password-reset', { email: f.email })).status).toBe(200);
    expect((await outboxFor(app.db, f.email)).length).toBe(before);
  });
});
