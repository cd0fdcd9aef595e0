import { useEffect, useEffectEvent } from 'react';

/**
 * Clicks kept by the page's inline script (web/index.html) on controls marked `data-early-click` before the app took
 * the page over: a member who taps a star while the page is still starting has rated, not clicked into nothing.
 */
interface EarlyClick {
  key: string;
  /** Where across the control the click landed, 0 at its left edge and 1 at its right. */
  fraction: number;
}

declare global {
  interface Window {
    __hearsayEarlyClicks?: EarlyClick[];
  }
}

const EVENT = 'hearsay:early-click';

/**
 * Applies the last click kept for `key` once the control has mounted, and any that land before the page is marked
 * ready. Each click is applied once: it leaves the page's list when it is taken.
 */
export function useEarlyClick(key: string | undefined, apply: (click: EarlyClick) => void): void {
  const applyNow = useEffectEvent(apply);
  useEffect(() => {
    if (!key || typeof window === 'undefined') return;
    const take = () => {
      // The inline script keeps pushing to this same list: taken in place.
      const kept = window.__hearsayEarlyClicks ?? [];
      const mine = kept.filter((click) => click.key === key);
      if (mine.length === 0) return;
      kept.splice(0, kept.length, ...kept.filter((click) => click.key !== key));
      for (const control of document.querySelectorAll(`[data-early-click="${CSS.escape(key)}"]`)) {
        control.removeAttribute('data-early-clicked');
      }
      applyNow(mine.at(-1)!);
    };
    take();
    document.addEventListener(EVENT, take);
    return () => document.removeEventListener(EVENT, take);
  }, [key]);
}
