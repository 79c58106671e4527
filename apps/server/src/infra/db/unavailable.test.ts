import { DrizzleQueryError } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { databaseUnavailableReason } from './unavailable.ts';

const coded = (message: string, code: string) => Object.assign(new Error(message), { code });
const wrapped = (cause: Error) => new DrizzleQueryError('select "email" from "users" where "id" = $1', ['secret@example.com'], cause);

describe('which errors mean the database is unavailable', () => {
  test.each([
    ['a refused connection', coded('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'), 'ECONNREFUSED'],
    ['a reset connection inside a drizzle error', wrapped(coded('read ECONNRESET', 'ECONNRESET')), 'ECONNRESET'],
    ['an admin shutdown (57P01)', wrapped(coded('terminating connection due to administrator command', '57P01')), '57P01'],
    ['the server starting up (57P03)', coded('the database system is starting up', '57P03'), '57P03'],
    ['a connection exception (08006)', coded('connection failure', '08006'), '08006'],
    ['too many connections (53300)', coded('sorry, too many clients already', '53300'), '53300'],
    ['a lost connection', wrapped(new Error('Connection terminated unexpectedly')), 'connection lost or timed out'],
    ['a pool wait that timed out', new Error('timeout exceeded when trying to connect'), 'connection lost or timed out'],
    ['a query that timed out', wrapped(new Error('Query read timeout')), 'connection lost or timed out'],
    [
      'a refusal on every address',
      Object.assign(new AggregateError([coded('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')]), {}),
      'ECONNREFUSED',
    ],
  ])('%s', (_label, err, reason) => {
    expect(databaseUnavailableReason(err)).toBe(reason);
  });

  test.each([
    ['a unique violation', wrapped(coded('duplicate key value violates unique constraint', '23505'))],
    ['a bad value', wrapped(coded('invalid input syntax for type uuid', '22P02'))],
    ['a missing table', wrapped(coded('relation does not exist', '42P01'))],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['nothing', undefined],
  ])('%s is not', (_label, err) => {
    expect(databaseUnavailableReason(err)).toBeUndefined();
  });

  test('a cause chain that loops ends', () => {
    const a = new Error('a') as Error & { cause?: unknown };
    const b = new Error('b', { cause: a });
    a.cause = b;
    expect(databaseUnavailableReason(a)).toBeUndefined();
  });
});
