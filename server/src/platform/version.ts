import { readFileSync } from 'node:fs';

/** Hearsay's version, from the repository's package.json: what the MusicBrainz User-Agent and the API document name. */
export const HEARSAY_VERSION: string =
  (JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version?: string }).version ?? '0.0.0';
