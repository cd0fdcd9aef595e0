import { useEffect } from 'react';

/**
 * Marks the page as taken over by the app (`<html data-ready>`): its controls answer from here on. The layout renders
 * it inside the Suspense boundary around the screen, which React hydrates in a pass of its own after the header's: a
 * mark set by the layout itself came a task before the screen's controls worked. (Parts of a screen behind boundaries
 * of their own, `deferred` ones, may still follow.)
 */
export function TakenOver(): null {
  useEffect(() => {
    document.documentElement.dataset.ready = '';
  }, []);
  return null;
}
