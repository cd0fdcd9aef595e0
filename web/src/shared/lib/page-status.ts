import { createContext, useContext } from 'react';

/**
 * What a page rendered on the server shows that its HTTP status must say: the server's renderer provides one per
 * page, and the "not found" page marks it, so an address that names nothing answers 404 (search engines then drop it
 * instead of indexing a page that says "not found"). In the browser nobody asks, and marking does nothing.
 */
export class PageStatus {
  #notFound = false;

  /** Called as the not-found page renders. */
  markNotFound(): void {
    this.#notFound = true;
  }

  /** Forgets what an earlier render of the page showed: only the last render, the one sent, counts. */
  reset(): void {
    this.#notFound = false;
  }

  get code(): 200 | 404 {
    return this.#notFound ? 404 : 200;
  }
}

export const RenderedPageStatus = createContext<PageStatus | null>(null);

/** Marks the page being rendered on the server as "not found" (see `PageStatus`). */
export function useNotFoundStatus(): void {
  useContext(RenderedPageStatus)?.markNotFound();
}
