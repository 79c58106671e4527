import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { measureLoad, testWorkers, workerCount } from './workers.mjs';

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

  it.each([
    // cores, load, files at once for a suite that takes two per core (the API suites)
    [2, 0, 4], // a quiet 2-core machine: two files per core
    [2, 2, 4], // two busy loops beside it: the load equals the cores, nothing to give up
    [2, 3, 3], // one unit above the cores: one file fewer
    [2, 11.5, 1], // never fewer than one
    [8, 9.5, 15],
  ])('two per core: %d cores at load %d: %d', (cores, load, expected) => {
    expect(workerCount({ cores, load, perCore: 2 })).toBe(expected);
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

describe('measureLoad: the processes running or ready now', () => {
  it('answers a figure of at least 0', () => {
    const load = measureLoad(2);
    expect(Number.isFinite(load) && load >= 0).toBe(true);
  });
});

describe('testWorkers: TEST_LOAD is the load, TEST_WORKERS overrides the rule', () => {
  it('takes the load measured before the jobs started', () => {
    const cores = os.availableParallelism();
    expect(testWorkers({ TEST_LOAD: '0' }, { perCore: 2 })).toBe(2 * cores);
    expect(testWorkers({ TEST_LOAD: '0' })).toBe(cores);
    expect(testWorkers({ TEST_LOAD: '1000' }, { perCore: 2 })).toBe(1);
    expect(testWorkers({ TEST_LOAD: '1000' })).toBe(1);
  });

  it.each(['-1', 'busy', 'NaN'])('refuses TEST_LOAD %j with a clear message', (value) => {
    expect(() => testWorkers({ TEST_LOAD: value })).toThrow(/TEST_LOAD must be a number of at least 0/);
  });

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
