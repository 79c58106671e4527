import { describe, expect, it } from 'vitest';
import { testWorkers, workerCount } from './workers.mjs';

describe('workerCount: files at once from the cores and the load', () => {
  it.each([
    // cores, load, files at once
    [2, 0, 2], // a quiet 2-core machine: one file per core
    [2, 1.9, 2], // load within the cores
    [2, 2, 2], // load equal to the cores
    [2, 2.99, 2], // less than one whole unit above the cores
    [2, 3, 1], // one unit above: one file fewer
    [2, 11.5, 1], // the loaded CI machine of issue 33: never fewer than one
    [1, 0, 1], // one core
    [1, 40, 1],
    [8, 0, 8],
    [8, 9.5, 7],
    [8, 12, 4],
    [8, 100, 1],
    [0, 0, 1], // a machine that reports no core still runs one
    [2, Number.NaN, 2], // no load figure (some platforms): the cores
    [3.7, 0, 3], // a fractional figure is rounded down
  ])('%d cores at load %d: %d', (cores, load, expected) => {
    expect(workerCount({ cores, load })).toBe(expected);
  });

  it('never answers fewer than 1 nor more than the cores', () => {
    for (let cores = 1; cores <= 16; cores++) {
      for (let load = 0; load <= 40; load += 0.25) {
        const count = workerCount({ cores, load });
        expect(count).toBeGreaterThanOrEqual(1);
        expect(count).toBeLessThanOrEqual(cores);
      }
    }
  });
});

describe('testWorkers: TEST_WORKERS overrides the rule', () => {
  it('takes a whole number of at least 1', () => {
    expect(testWorkers({ TEST_WORKERS: '1' })).toBe(1);
    expect(testWorkers({ TEST_WORKERS: '3' })).toBe(3);
  });

  it.each(['0', '-1', '1.5', 'two', ' 2'])('refuses %j with a clear message', (value) => {
    expect(() => testWorkers({ TEST_WORKERS: value })).toThrow(/TEST_WORKERS must be a whole number of at least 1/);
  });

  it('follows the machine when unset', () => {
    const count = testWorkers({});
    expect(Number.isInteger(count) && count >= 1).toBe(true);
  });
});
