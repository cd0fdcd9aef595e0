import type { ErrorBody, ErrorIssue } from '@hearsay/contracts/errors';

/**
 * The one way a module reports a failure a client should see. The error handler turns it into
 * `{ "error": { "code", "message", "issues" } }` with the given status; codes are stable snake_case.
 */
export class AppError extends Error {
  override name = 'AppError';
  readonly statusCode: number;
  readonly code: string;
  readonly issues: ErrorIssue[];
  readonly headers: Record<string, string>;

  constructor(
    statusCode: number,
    code: string,
    message: string,
    options: { issues?: ErrorIssue[]; headers?: Record<string, string>; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.statusCode = statusCode;
    this.code = code;
    this.issues = options.issues ?? [];
    this.headers = options.headers ?? {};
  }

  toBody(): ErrorBody {
    return { error: { code: this.code, message: this.message, issues: this.issues } };
  }
}

export const badRequest = (code: string, message: string, issues?: ErrorIssue[]) => new AppError(400, code, message, { issues });
export const unauthorized = (message = 'Please sign in to continue.') => new AppError(401, 'unauthorized', message);
export const forbidden = (code: string, message: string) => new AppError(403, code, message);
export const notFound = (code: string, message: string) => new AppError(404, code, message);
export const conflict = (code: string, message: string) => new AppError(409, code, message);
export const serviceUnavailable = (code: string, message: string) => new AppError(503, code, message);
export const unprocessable = (code: string, message: string, issues?: ErrorIssue[]) => new AppError(422, code, message, { issues });
