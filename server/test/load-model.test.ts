/**
 * The pure parts of `npm run bench:load` (bench/load/model.ts): what the simulated members do, how the ramp decides,
 * and the percentiles it reports. The simulation itself is a benchmark, never part of the tests.
 */
import { describe, expect, it } from 'vitest';
import { random } from '../bench/harness.ts';
import {
  ACTION_WEIGHTS,
  latencies,
  newSearch,
  nextMembers,
  percentile,
  pickAction,
  popularIndex,
  searchWords,
  thinkTime,
  withinLimits,
  type Action,
} from '../bench/load/model.ts';

describe('the simulated members', () => {
  it('choose each action about as often as its weight says', () => {
    const next = random(1);
    const counts = new Map<Action, number>();
    const draws = 100_000;
    for (let i = 0; i < draws; i++) {
      const action = pickAction(next());
      counts.set(action, (counts.get(action) ?? 0) + 1);
    }
    const total = Object.values(ACTION_WEIGHTS).reduce((sum, weight) => sum + weight, 0);
    for (const [action, weight] of Object.entries(ACTION_WEIGHTS)) {
      expect(Math.abs((counts.get(action as Action) ?? 0) / draws - weight / total)).toBeLessThan(0.01);
    }
  });

  it('think ten seconds on average, never a negative time, and never more than ten means', () => {
    const next = random(2);
    const times = Array.from({ length: 100_000 }, () => thinkTime(next(), 10_000));
    const mean = times.reduce((sum, time) => sum + time, 0) / times.length;
    expect(mean).toBeGreaterThan(9_700);
    expect(mean).toBeLessThan(10_300);
    expect(Math.min(...times)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...times)).toBeLessThanOrEqual(100_000);
    expect(thinkTime(0, 10_000)).toBe(0);
  });

  it('open popular albums far more often than the rest', () => {
    const next = random(3);
    const picks = Array.from({ length: 50_000 }, () => popularIndex(next(), 1000));
    const topTenth = picks.filter((index) => index < 100).length / picks.length;
    expect(topTenth).toBeGreaterThan(0.4);
    expect(Math.max(...picks)).toBeLessThan(1000);
    expect(Math.min(...picks)).toBe(0);
  });

  it('search words nobody has searched before, made of the catalog’s words', () => {
    const words = searchWords(['The Dark Side of the Moon', 'Pink Floyd', 'Moon Safari', 'Air', '1999']);
    expect(words.sort()).toEqual(['air', 'dark', 'floyd', 'moon', 'pink', 'safari', 'side', 'the']);
    const asked = new Set<string>();
    const next = random(4);
    const queries = Array.from({ length: 2_000 }, () => newSearch(words, asked, next));
    expect(new Set(queries).size).toBe(queries.length);
    for (const query of queries) expect(query.length).toBeGreaterThanOrEqual(2);
  });
});

describe('the ramp', () => {
  it('keeps a step within the limits only with a p95 page time at most the limit and no error', () => {
    expect(withinLimits({ pageP95: 200, errors: 0, actions: 10 }, 200)).toBe(true);
    expect(withinLimits({ pageP95: 200.1, errors: 0, actions: 10 }, 200)).toBe(false);
    expect(withinLimits({ pageP95: 20, errors: 1, actions: 10 }, 200)).toBe(false);
    expect(withinLimits({ pageP95: 0, errors: 0, actions: 0 }, 200)).toBe(false);
  });

  it('grows by a factor or by a number of members, always by one at least, never past the most', () => {
    expect(nextMembers(100, { growth: 1.5, max: 1000 })).toBe(150);
    expect(nextMembers(100, { growth: 1.5, add: 50, max: 1000 })).toBe(150);
    expect(nextMembers(1, { growth: 1.2, max: 1000 })).toBe(2);
    expect(nextMembers(900, { growth: 1.5, max: 1000 })).toBe(1000);
  });

  it('reads percentiles by nearest rank', () => {
    const values = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(values, 0.5)).toBe(50);
    expect(percentile(values, 0.95)).toBe(95);
    expect(percentile(values, 0.99)).toBe(99);
    expect(percentile([], 0.95)).toBe(0);
    expect(latencies([3, 1, 2])).toEqual({ count: 3, p50: 2, p95: 3, p99: 3 });
  });
});
