import { z } from 'zod';
import type { ErrorParams } from './errors.ts';

/**
 * What is wrong with a value, as a code: a key of `issues` in `contracts/locales/<language>/errors.json`, which the
 * web app translates and the server writes in English. A schema names its own code where a general one would say
 * less (`.min(8, { error: 'password_too_short' })`); every other issue gets one of these.
 */
const issueCodes: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'required';
      if (issue.expected === 'number' || issue.expected === 'int') return 'not_a_number';
      if (issue.expected === 'string') return 'not_text';
      if (issue.expected === 'boolean') return 'not_true_or_false';
      if (issue.expected === 'array') return 'not_a_list';
      if (issue.expected === 'object') return 'not_an_object';
      return 'wrong_type';
    case 'too_small':
      if (issue.origin === 'string') return Number(issue.minimum) <= 1 ? 'empty' : 'too_short';
      if (issue.origin === 'array') return 'too_few';
      return 'too_small';
    case 'too_big':
      if (issue.origin === 'string') return 'too_long';
      if (issue.origin === 'array') return 'too_many';
      return 'too_big';
    case 'invalid_value':
      return 'not_one_of';
    case 'invalid_format':
      if (issue.format === 'email') return 'not_an_email';
      if (issue.format === 'url') return 'not_a_url';
      return 'wrong_format';
    case 'not_multiple_of':
      return 'not_a_multiple';
    case 'unrecognized_keys':
      return 'unknown_fields';
    default:
      return 'not_valid';
  }
};

/** Every schema's issues carry a code instead of Zod's English (the server and the tests call this once). */
export function useIssueCodes(): void {
  z.config({ localeError: issueCodes });
}

type Bound = number | bigint | string;

/** The details of a Zod issue beside its code and path. */
export interface IssueDetails {
  minimum?: Bound;
  maximum?: Bound;
  origin?: string;
  expected?: string;
  format?: string;
  divisor?: Bound;
  values?: readonly unknown[];
  keys?: readonly string[];
}

/** The parts of a Zod issue its words are filled with (`at most {{maximum}} characters`, `one of: {{values}}`). */
export function issueParams(issue: IssueDetails): ErrorParams | undefined {
  const params: ErrorParams = {};
  if (issue.minimum !== undefined) params.minimum = Number(issue.minimum);
  if (issue.maximum !== undefined) params.maximum = Number(issue.maximum);
  // A list's bound is a count of items: "at least 1 item", "at most 3 items".
  if (issue.origin === 'array') params.count = Number(issue.minimum ?? issue.maximum);
  if (issue.expected !== undefined) params.expected = issue.expected;
  if (issue.format !== undefined) params.format = issue.format;
  if (issue.divisor !== undefined) params.divisor = Number(issue.divisor);
  if (issue.values) params.values = issue.values.map(String).join(', ');
  if (issue.keys) Object.assign(params, { keys: issue.keys.join(', '), count: issue.keys.length });
  return Object.keys(params).length ? params : undefined;
}
