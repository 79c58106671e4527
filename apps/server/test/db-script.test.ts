import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Database } from '../src/infra/db/client.ts';
import { users } from '../src/infra/db/schema.ts';
import { runGuarded } from '../src/infra/db/script.ts';
import { openTestDatabase, uniqueEmail } from './helpers.ts';

// Guarded transactions (decision 298, infra/db/script.ts): on PGlite in its worker thread one
// message; elsewhere an ordinary transaction. Either way: nothing written unless the guard holds,
// all or nothing when it does.

const insertUser = (email: string) => sql`INSERT INTO users (email, first_name, last_name) VALUES (${email}, 'Ada', 'Lovelace')`;

describe('a guarded transaction', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  }, 180_000);
  afterAll(async () => {
    await database?.close();
  });
  const found = async (emails: string[]) =>
    (await database.db.select({ email: users.email }).from(users).where(inArray(users.email, emails))).map((u) => u.email).sort();

  test('writes its statements in order when the guard holds, and nothing when it does not', async () => {
    const [a, b, c] = [uniqueEmail(), uniqueEmail(), uniqueEmail()];
    expect(await runGuarded(database.db, sql`SELECT true AS ok`, [insertUser(a), insertUser(b)])).toBe(true);
    expect(await found([a, b])).toEqual([a, b].sort());
    // The guard reads the database at the transaction's start: the user is in, so nothing is written.
    expect(await runGuarded(database.db, sql`SELECT NOT EXISTS (SELECT 1 FROM users WHERE email = ${a}) AS ok`, [insertUser(c)])).toBe(
      false,
    );
    expect(await found([c])).toEqual([]);
  });

  test('a statement that fails rolls back the ones before it', async () => {
    const [a, b] = [uniqueEmail(), uniqueEmail()];
    await expect(runGuarded(database.db, sql`SELECT true AS ok`, [insertUser(a), insertUser(b), insertUser(a)])).rejects.toThrow();
    expect(await found([a, b])).toEqual([]);
    // The connection is usable after it.
    expect(await runGuarded(database.db, sql`SELECT true AS ok`, [insertUser(b)])).toBe(true);
    expect(await found([b])).toEqual([b]);
  });
});
