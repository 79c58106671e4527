import { describe, expect, it } from 'vitest';
import { isTransientConnectError, untilConnected } from './startup-wait.ts';

const coded = (code: string, message = code) => Object.assign(new Error(message), { code });

/** A clock the test moves: each sleep advances it by the pause asked for. */
function fakeClock() {
  let t = 0;
  const pauses: number[] = [];
  return {
    now: () => t,
    sleep: async (ms: number) => {
      pauses.push(ms);
      t += ms;
    },
    pauses,
  };
}

describe('waiting for the database at start', () => {
  it('tells transient connection failures from permanent ones', () => {
    expect(isTransientConnectError(new Error('timeout expired'))).toBe(true);
    expect(isTransientConnectError(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isTransientConnectError(coded('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'))).toBe(true);
    expect(isTransientConnectError(coded('57P03', 'the database system is starting up'))).toBe(true);
    expect(isTransientConnectError(coded('28P01', 'password authentication failed for user "app"'))).toBe(false);
    expect(isTransientConnectError(coded('3D000', 'database "nope" does not exist'))).toBe(false);
    expect(isTransientConnectError('timeout expired')).toBe(false);
  });

  it('retries a database that is not up yet with a growing pause, says so once, and returns once it answers', async () => {
    const clock = fakeClock();
    const told: string[] = [];
    let tries = 0;
    const result = await untilConnected(
      async () => {
        tries++;
        if (tries < 5) throw tries % 2 ? new Error('timeout expired') : coded('ECONNREFUSED');
        return 'connected';
      },
      { waitMs: 60_000, onWait: (e) => told.push(e.message), ...clock },
    );
    expect(result).toBe('connected');
    expect(tries).toBe(5);
    expect(clock.pauses).toEqual([250, 500, 1_000, 2_000]);
    expect(told).toEqual(['timeout expired']);
  });

  it('gives up with the last error once the wait is over', async () => {
    const clock = fakeClock();
    let tries = 0;
    await expect(
      untilConnected(
        async () => {
          tries++;
          throw new Error('timeout expired');
        },
        { waitMs: 5_000, ...clock },
      ),
    ).rejects.toThrow('timeout expired');
    // 250 + 500 + 1000 + 2000 = 3750; a further 2 s pause would pass 5 s.
    expect(tries).toBe(5);
    expect(clock.now()).toBeLessThanOrEqual(5_000);
  });

  it('fails at once on an error waiting would not change', async () => {
    const clock = fakeClock();
    let tries = 0;
    await expect(
      untilConnected(
        async () => {
          tries++;
          throw coded('28P01', 'password authentication failed');
        },
        { waitMs: 60_000, ...clock },
      ),
    ).rejects.toThrow('password authentication failed');
    expect(tries).toBe(1);
    expect(clock.pauses).toEqual([]);
  });
});
