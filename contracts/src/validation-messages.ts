import { z } from 'zod';

/**
 * Plain-language validation messages, used by the server and the web app in place of Zod's
 * defaults ("must be a number" rather than "expected number, received NaN"). Messages written
 * on a schema itself always win.
 */
export const plainMessages: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'is required';
      if (issue.expected === 'number' || issue.expected === 'int') return 'must be a number';
      if (issue.expected === 'string') return 'must be text';
      if (issue.expected === 'boolean') return 'must be true or false';
      if (issue.expected === 'array') return 'must be a list';
      if (issue.expected === 'object') return 'must be an object';
      return `must be ${issue.expected}`;
    case 'too_small':
      if (issue.origin === 'string')
        return Number(issue.minimum) <= 1 ? 'must not be empty' : `must be at least ${issue.minimum} characters`;
      if (issue.origin === 'array') return `must have at least ${issue.minimum} ${Number(issue.minimum) === 1 ? 'item' : 'items'}`;
      return `must be at least ${issue.minimum}`;
    case 'too_big':
      if (issue.origin === 'string') return `must be at most ${issue.maximum} characters`;
      if (issue.origin === 'array') return `must have at most ${issue.maximum} items`;
      return `must be at most ${issue.maximum}`;
    case 'invalid_value':
      return `must be one of: ${issue.values.map((value) => String(value)).join(', ')}`;
    case 'invalid_format':
      if (issue.format === 'email') return 'must be a valid email address';
      if (issue.format === 'url') return 'must be a valid URL';
      return `must be a valid ${issue.format}`;
    case 'not_multiple_of':
      return `must be a multiple of ${issue.divisor}`;
    case 'unrecognized_keys':
      return `has unknown ${issue.keys.length === 1 ? 'field' : 'fields'}: ${issue.keys.join(', ')}`;
    default:
      return undefined;
  }
};

export function usePlainMessages(): void {
  z.config({ localeError: plainMessages });
}
