/**
 * How much one member's votes and ratings count where members decide together: an album's genres and descriptors, and
 * the charts (decision 077). A new account counts very little and grows to full weight over its first
 * `TRUST_FULL_AFTER_DAYS` days. Only weights relative to each other matter (every rule divides by a weighted total),
 * so a new site whose members all joined this week still gets genres and charts, while fifty accounts made today
 * count for less than one member who has been here three months.
 */

export const TRUST_FULL_AFTER_DAYS = 90;
/** The weight of an account made a moment ago. */
export const TRUST_NEW_ACCOUNT_WEIGHT = 0.01;

const DAY_MS = 86_400_000;

export function trustWeight(memberSince: string | Date, now: Date = new Date()): number {
  const since = typeof memberSince === 'string' ? Date.parse(memberSince) : memberSince.getTime();
  if (!Number.isFinite(since)) return TRUST_NEW_ACCOUNT_WEIGHT;
  const days = Math.max(0, (now.getTime() - since) / DAY_MS);
  const grown = Math.min(1, days / TRUST_FULL_AFTER_DAYS);
  return TRUST_NEW_ACCOUNT_WEIGHT + (1 - TRUST_NEW_ACCOUNT_WEIGHT) * grown;
}
