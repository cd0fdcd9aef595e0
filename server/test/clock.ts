/**
 * A clock a test moves by hand, for the app's `clock`: tests that need one write to come after another advance it
 * instead of sleeping. It starts at the real time, so anything counted "in the last month" still counts.
 */
export function manualClock(start = new Date()) {
  let now = start.getTime();
  return {
    now: () => new Date(now),
    advance(ms = 1000) {
      now += ms;
    },
  };
}
