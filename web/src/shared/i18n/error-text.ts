import type { ErrorIssue, ErrorParams } from '@hearsay/contracts/errors';
import { errorWords, issueWords, type ErrorTranslate } from '@hearsay/contracts/error-words';
import { useMemo } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../lib/api-client.ts';

/** An error as the API says it: an answer's (ApiError) or one kept with a thing, like a failed import's. */
interface SaidError {
  code: string;
  params?: ErrorParams | null;
  message: string;
  issues?: readonly ErrorIssue[];
}

type ErrorText = ((error: unknown, fallback?: string) => string) & { issue: (issue: ErrorIssue) => string };

/**
 * The words of an API error in the reader's language, from its code and params (`contracts/locales/<language>/errors.json`,
 * the same words the server writes in English); a code this app has no words for shows the server's English. Anything
 * that is not an API error shows `fallback`. `issue` words one field's issue the same way.
 */
export function useErrorText(): ErrorText {
  // Not waiting for the strings: an error comes after an answer, and a code without its words shows the English.
  const { t } = useTranslation('errors', { useSuspense: false });
  return useMemo(() => errorTextWith(t), [t]);
}

/** The same, with the `errors` strings of a given i18next instance (for code that runs outside a render). */
export function errorTextWith(t: TFunction<'errors'>): ErrorText {
  const translate = t as unknown as ErrorTranslate;
  const errorText = (error: unknown, fallback = t('internal_error')) => {
    if (!(error instanceof ApiError) && !isSaid(error)) return fallback;
    const said: SaidError = error;
    const text = errorWords(translate, { code: said.code, params: said.params ?? undefined, issues: said.issues });
    return text === said.code ? said.message : text;
  };
  // An issue kept before issues had codes has only its English.
  const issue = (kept: ErrorIssue) => (kept.code ? issueWords(translate, kept) : kept.message);
  return Object.assign(errorText, { issue });
}

function isSaid(value: unknown): value is SaidError {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as SaidError).code === 'string' &&
    typeof (value as SaidError).message === 'string'
  );
}
