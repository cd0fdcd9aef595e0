import type { ErrorIssue, ErrorParams } from './errors.ts';

/** An i18next `t` bound to the `errors` namespace (`contracts/locales/<language>/errors.json`). */
export type ErrorTranslate = (key: string | string[], options?: Record<string, unknown>) => string;

/** What is wrong with one value, in words: an issue's own code, or an error code the server put on a field. */
export function issueWords(t: ErrorTranslate, issue: Pick<ErrorIssue, 'code' | 'params'>): string {
  return t([`issues.${issue.code}`, issue.code], issue.params);
}

/**
 * An error answer in words, the same way for the server (English, in `message`) and the web app (the reader's
 * language): its code and params, and for a request refused field by field, the first field's issue.
 */
export function errorWords(
  t: ErrorTranslate,
  error: { code: string; params?: ErrorParams; issues?: readonly Pick<ErrorIssue, 'code' | 'params'>[] },
): string {
  const first = error.issues?.[0];
  const issue = first ? issueWords(t, first) : undefined;
  return t(error.code, { ...error.params, ...(issue === undefined ? {} : { issue }) });
}
