/** Said on the window when the member rates an album: the installable app offers itself after a first rating. */
export const RATED_EVENT = 'hearsay:rated';

export function announceRating(): void {
  window.dispatchEvent(new Event(RATED_EVENT));
}
