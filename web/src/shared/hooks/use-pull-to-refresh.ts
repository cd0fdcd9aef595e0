import { useEffect, useRef, useState } from 'react';

export interface PullToRefresh {
  /** How far the page is pulled down, in pixels (0 when not pulled). */
  distance: number;
  /** Pulled far enough: letting go refreshes. */
  ready: boolean;
  refreshing: boolean;
}

/** How far a finger pulls (the page follows at half its speed) before letting go refreshes. */
const THRESHOLD_PX = 64;

/**
 * Pull to refresh on touch screens: a finger pulling down from the very top of the page, and letting go past the
 * threshold, calls `refresh` once (not again until it settles). Only touch starts it, so mouse, keyboard and
 * desktop scrolling are untouched; the listeners are passive, so the page scrolls as it always does.
 */
export function usePullToRefresh(refresh: () => Promise<unknown>): PullToRefresh {
  const [distance, setDistance] = useState(0);
  const [refreshing, setRefreshing] = useState(false);
  const latest = useRef(refresh);
  const busy = useRef(false);
  useEffect(() => {
    latest.current = refresh;
  });

  useEffect(() => {
    let startY: number | null = null;
    let pulled = 0;
    const onStart = (event: TouchEvent) => {
      startY = window.scrollY <= 0 && event.touches.length === 1 && !busy.current ? event.touches[0]!.clientY : null;
    };
    const onMove = (event: TouchEvent) => {
      if (startY === null) return;
      const dy = (event.touches[0]?.clientY ?? startY) - startY;
      // Scrolling up first, or the page left the top: not a pull.
      if (dy <= 0 || window.scrollY > 0) {
        startY = dy <= 0 ? startY : null;
        pulled = 0;
        setDistance(0);
        return;
      }
      pulled = Math.min(dy / 2, THRESHOLD_PX * 1.5);
      setDistance(pulled);
    };
    const onEnd = () => {
      if (startY === null) return;
      startY = null;
      if (pulled >= THRESHOLD_PX && !busy.current) {
        busy.current = true;
        setRefreshing(true);
        void latest.current().finally(() => {
          busy.current = false;
          setRefreshing(false);
        });
      }
      pulled = 0;
      setDistance(0);
    };
    window.addEventListener('touchstart', onStart, { passive: true });
    window.addEventListener('touchmove', onMove, { passive: true });
    window.addEventListener('touchend', onEnd);
    window.addEventListener('touchcancel', onEnd);
    return () => {
      window.removeEventListener('touchstart', onStart);
      window.removeEventListener('touchmove', onMove);
      window.removeEventListener('touchend', onEnd);
      window.removeEventListener('touchcancel', onEnd);
    };
  }, []);

  return { distance, ready: distance >= THRESHOLD_PX, refreshing };
}
