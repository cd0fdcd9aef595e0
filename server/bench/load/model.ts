/**
 * The pure parts of `npm run bench:load`: what a simulated member does next and how long they think first, the words
 * they search, the percentiles of a step and whether the step stayed within the limits. No I/O here, so
 * `test/load-model.test.ts` checks it cheaply.
 */

/** What a member does between two think times. */
export type Action = 'home' | 'album' | 'search' | 'rate' | 'like' | 'comment' | 'review' | 'notifications';

/**
 * How often each action is chosen, out of the weights' sum: mostly reading (the home feed, albums, a search), a
 * rating every few actions, a like, comment or review now and then, and a look at the notifications.
 */
export const ACTION_WEIGHTS: Readonly<Record<Action, number>> = {
  home: 20,
  album: 35,
  search: 10,
  rate: 14,
  like: 8,
  comment: 3,
  review: 2,
  notifications: 8,
};

/** The share of album visits that open the page itself (a link followed from elsewhere); the rest move within the app. */
export const ALBUM_PAGE_LOADS = 0.25;

/** An action drawn by its weight from a random number in [0, 1). */
export function pickAction(draw: number, weights: Readonly<Record<Action, number>> = ACTION_WEIGHTS): Action {
  const entries = Object.entries(weights) as [Action, number][];
  const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
  let left = draw * total;
  for (const [action, weight] of entries) {
    if (left < weight) return action;
    left -= weight;
  }
  return entries.at(-1)![0];
}

/** A think time with mean `meanMs`, exponentially distributed (people act independently of each other). */
export function thinkTime(draw: number, meanMs: number): number {
  // 1 - draw is in (0, 1]: never the log of 0. Capped at ten means, so nobody falls silent for a whole step.
  return Math.min(10 * meanMs, Math.log(1 / (1 - draw)) * meanMs);
}

/**
 * An index into a list sorted from most to least popular, skewed toward the top as a site's attention is: the first
 * tenth of the list draws about half of the picks. `draw` in [0, 1).
 */
export function popularIndex(draw: number, length: number): number {
  return Math.min(length - 1, Math.floor(length * draw ** 3));
}

/** The value at `fraction` of sorted values (nearest rank), 0 for none. */
export function percentile(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))]!;
}

export interface Latencies {
  count: number;
  p50: number;
  p95: number;
  p99: number;
}

export function latencies(values: readonly number[]): Latencies {
  const sorted = [...values].sort((a, b) => a - b);
  const round = (value: number) => Math.round(value * 10) / 10;
  return {
    count: sorted.length,
    p50: round(percentile(sorted, 0.5)),
    p95: round(percentile(sorted, 0.95)),
    p99: round(percentile(sorted, 0.99)),
  };
}

/** What the ramp needs to know of a step. */
export interface StepOutcome {
  /** The p95 of the time members waited for a page (every action's requests, from the first sent to the last answered). */
  pageP95: number;
  /** Answers other than 2xx, requests that failed, sockets refused or dropped. */
  errors: number;
  /** Actions finished in the step: a step with none tells nothing. */
  actions: number;
}

/** Whether a step was within the limits: p95 page time at most `limitMs` and no error at all. */
export function withinLimits(step: StepOutcome, limitMs: number): boolean {
  return step.actions > 0 && step.errors === 0 && step.pageP95 <= limitMs;
}

/** The next step's number of members: `growth` times this one's, or `add` more when given; at least one more, at most `max`. */
export function nextMembers(current: number, options: { growth: number; add?: number; max: number }): number {
  const next = options.add ? current + options.add : Math.round(current * options.growth);
  return Math.min(options.max, Math.max(current + 1, next));
}

/**
 * Search words nobody asked before: made of the catalog's own words (a title word, two, an artist with a title word,
 * a prefix as typed into the box), and changed (a letter dropped or doubled, a word added) until new. `draw` gives
 * numbers in [0, 1).
 */
export function newSearch(words: readonly string[], asked: Set<string>, draw: () => number): string {
  const word = () => words[Math.floor(draw() * words.length)]!;
  const forms = [() => word(), () => `${word()} ${word()}`, () => word().slice(0, 3 + Math.floor(draw() * 3))];
  let query = forms[Math.floor(draw() * forms.length)]!();
  for (let attempt = 0; asked.has(query) || query.length < 2; attempt++) {
    if (attempt % 2 === 0 && query.length > 4) {
      const at = 1 + Math.floor(draw() * (query.length - 2));
      query = draw() < 0.5 ? query.slice(0, at) + query.slice(at + 1) : query.slice(0, at) + query[at] + query.slice(at);
    } else query = `${query} ${word()}`;
  }
  asked.add(query);
  return query;
}

/** The words of a catalog's titles and artist names worth searching: letters, three or more, lower case, once each. */
export function searchWords(texts: readonly string[]): string[] {
  const words = new Set<string>();
  for (const text of texts)
    for (const word of text.toLowerCase().split(/[^\p{L}\p{N}']+/u)) if (word.length >= 3 && !/^\d+$/.test(word)) words.add(word);
  return [...words];
}
