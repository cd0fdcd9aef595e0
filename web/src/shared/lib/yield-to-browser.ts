/**
 * Ends the current task: what follows runs in a new one, once the browser has had its turn (input, a frame). Work
 * split this way never holds a phone's main thread for long, which is what total blocking time measures.
 */
export function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));
}
