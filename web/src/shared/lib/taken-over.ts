import { useEffect, useState } from 'react';

/**
 * Marks the page as taken over by the app (`<html data-ready>`): its controls answer from here on (until then the
 * stylesheet keeps them inert, decision 031). React takes a page rendered on the server over boundary by boundary: the
 * header and layout first, then the Suspense boundary around the screen, then each `deferred` part (whole screens
 * among them, such as the landing page) in a pass of its own. The mark waits for all of them.
 */

/** Set while the app takes over a page the server rendered: only then do deferred parts hold the mark back. */
let takingOver = false;
let screenTakenOver = false;
/** Deferred parts already on the page whose own pass has not come yet. */
let partsWaiting = 0;

/** Called before hydrating a page the server rendered (not when the app renders from the shell). */
export function expectTakeover(): void {
  takingOver = true;
}

function markWhenDone(): void {
  // After the commit's other effects: parts that render in the same commit count themselves in first.
  queueMicrotask(() => {
    if (!screenTakenOver || partsWaiting > 0 || document.documentElement.hasAttribute('data-ready')) return;
    takingOver = false;
    document.documentElement.dataset.ready = '';
  });
}

/**
 * Rendered by the layout inside the Suspense boundary around the screen (and by the error page, which replaces the
 * layout when it fails): a mark set by the layout itself came a task before the screen's controls worked.
 */
export function TakenOver(): null {
  useEffect(() => {
    screenTakenOver = true;
    markWhenDone();
  }, []);
  return null;
}

/**
 * One deferred part on the page, shared by its wrapper (outside its Suspense boundary) and its content (inside): once
 * the wrapper is taken over, a part whose content is not yet (its boundary's pass is still to come) holds the mark
 * back until the content is.
 */
class PartTakeover {
  #contentTakenOver = false;
  #holding = false;

  /** The wrapper is taken over; returns what to do should the part go away first. */
  wrapperTakenOver(): (() => void) | undefined {
    if (!takingOver || this.#contentTakenOver) return undefined;
    this.#holding = true;
    partsWaiting++;
    return () => this.#release();
  }

  contentTakenOver(): void {
    this.#contentTakenOver = true;
    this.#release();
  }

  #release(): void {
    if (!this.#holding) return;
    this.#holding = false;
    partsWaiting--;
    markWhenDone();
  }
}

/** For the wrapper of a deferred part: what its content reports to (`PartTakenOver`). */
export function usePartTakeover(): PartTakeover {
  const [part] = useState(() => new PartTakeover());
  useEffect(() => part.wrapperTakenOver(), [part]);
  return part;
}

/** Rendered last inside a deferred part's boundary: its content has been taken over. */
export function PartTakenOver({ part }: { part: PartTakeover }): null {
  useEffect(() => part.contentTakenOver(), [part]);
  return null;
}
