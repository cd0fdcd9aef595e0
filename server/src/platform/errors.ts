import type { ErrorBody, ErrorIssue, ErrorParams } from '@hearsay/contracts/errors';
import { errorWords, issueWords } from '@hearsay/contracts/error-words';
import { englishErrors } from './i18n/index.ts';

/** An issue on one field, with its English words (`code` is a key of `issues`, or an error code). */
export function fieldIssue(path: string, code: string, params?: ErrorParams): ErrorIssue {
  return { path, code, ...(params ? { params } : {}), message: issueWords(englishErrors, { code, params }) };
}

/**
 * The one way a module reports a failure a client should see. The error handler turns it into
 * `{ "error": { "code", "params", "message", "issues" } }` with the given status. Codes are stable snake_case and
 * keys of `contracts/locales/<language>/errors.json`, where each has its words (a `context` param picks a variant,
 * `count` a plural); `message` is the English, for people reading the answer, and the web app translates the code.
 */
export class AppError extends Error {
  override name = 'AppError';
  readonly statusCode: number;
  readonly code: string;
  readonly params: ErrorParams | undefined;
  readonly issues: ErrorIssue[];
  readonly headers: Record<string, string>;

  constructor(
    statusCode: number,
    code: string,
    options: { params?: ErrorParams; issues?: ErrorIssue[]; headers?: Record<string, string>; cause?: unknown } = {},
  ) {
    const issues = options.issues ?? [];
    super(errorWords(englishErrors, { code, params: options.params, issues }), { cause: options.cause });
    this.statusCode = statusCode;
    this.code = code;
    this.params = options.params;
    this.issues = issues;
    this.headers = options.headers ?? {};
  }

  toBody(): ErrorBody {
    return { error: { code: this.code, ...(this.params ? { params: this.params } : {}), message: this.message, issues: this.issues } };
  }
}

export const badRequest = (code: string, params?: ErrorParams, issues?: ErrorIssue[]) => new AppError(400, code, { params, issues });
export const unauthorized = (params?: ErrorParams) => new AppError(401, 'unauthorized', { params });
export const forbidden = (code: string, params?: ErrorParams) => new AppError(403, code, { params });
export const notFound = (code: string, params?: ErrorParams) => new AppError(404, code, { params });
export const conflict = (code: string, params?: ErrorParams, issues?: ErrorIssue[]) => new AppError(409, code, { params, issues });
export const serviceUnavailable = (code: string, params?: ErrorParams) => new AppError(503, code, { params });
