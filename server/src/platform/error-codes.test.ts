import { readdirSync, readFileSync, statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AppError, badRequest, fieldIssue } from './errors.ts';

const english = JSON.parse(readFileSync(new URL(import.meta.resolve('@hearsay/contracts/locales/en/errors.json')), 'utf8')) as Record<
  string,
  unknown
>;

function sourceFiles(dir: URL): URL[] {
  return readdirSync(dir).flatMap((name) => {
    const path = new URL(name, dir);
    if (statSync(path).isDirectory()) return sourceFiles(new URL(`${name}/`, dir));
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
  });
}

/** An error code has words when it, or one of its variants (`code_context`, `code_one`), is a key. */
const worded = (code: string) => Object.keys(english).some((key) => key === code || key.startsWith(`${code}_`));

describe('error codes', () => {
  it('each have English words, which the answer’s message is written from', () => {
    const thrown = new Set<string>();
    const calls =
      /\b(?:badRequest|forbidden|notFound|conflict|unprocessable|serviceUnavailable|errorBody)\(\s*'(\w+)'|new AppError\(\s*\w+,\s*'(\w+)'/g;
    for (const file of sourceFiles(new URL('../', import.meta.url))) {
      for (const match of readFileSync(file, 'utf8').matchAll(calls)) thrown.add(match[1] ?? match[2]!);
    }
    expect(thrown.size).toBeGreaterThan(100);
    expect([...thrown].filter((code) => !worded(code))).toEqual([]);
  });

  it('write their English from the code and params, with the variant the context names', () => {
    expect(new AppError(429, 'rate_limited', { params: { context: 'often', count: 1 } }).message).toBe(
      'You are doing this too often. Please try again in 1 minute.',
    );
    const refused = badRequest('weak_password', { context: 'too_short', minimum: 8 }, [
      fieldIssue('body.password', 'weak_password', { context: 'too_short', minimum: 8 }),
    ]);
    expect(refused.toBody()).toEqual({
      error: {
        code: 'weak_password',
        params: { context: 'too_short', minimum: 8 },
        message: 'Password must be at least 8 characters long',
        issues: [
          {
            path: 'body.password',
            code: 'weak_password',
            params: { context: 'too_short', minimum: 8 },
            message: 'Password must be at least 8 characters long',
          },
        ],
      },
    });
  });
});
