import type { Language } from './languages.ts';

/**
 * Between the server and the web app's renderer (`web/src/entry-server.tsx`, built into `web/dist-ssr`): what the
 * server asks for a page, and what it gets back. Types only.
 */
export interface PageRequest {
  /** The page's path and query string, as the browser asked for them. */
  url: string;
  language: Language;
  /** The reader's time zone (`time-zones.ts`): moments on the page are written as their browser will write them. */
  timeZone: string;
  signedIn: boolean;
  /** Answers a GET of the API as the viewer (with their cookie), without leaving the server. */
  getApi: (path: string) => Promise<Response>;
  signal: AbortSignal;
}

export interface RenderedPage {
  /** 404 when the page says its address names nothing (an album that does not exist, a path no screen has). */
  status: 200 | 404;
  /**
   * The screen's own title, as text (not markup): the document's title until the app takes over, for a page without a
   * link preview of its own (trending, lists, a search, the 404 page). Null when the screen has none.
   */
  title: string | null;
  /** What goes in `<head>`: preloads of the images the page shows first. */
  head: string;
  /** What goes inside `<div id="root">`: the page, then its state for the browser. */
  root: string;
  /** How many times the page was rendered: once when everything it shows was fetched ahead by its routes' loaders. */
  renders: number;
}

/** The renderer module: the page rendered with its data, or null when the app shell should be sent instead. */
export interface PageRenderer {
  renderPage(page: PageRequest): Promise<RenderedPage | null>;
}
