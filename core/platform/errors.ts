import type { z } from 'zod';

/**
 * One error type for the whole service. Every failure that reaches a client is an AppError (or is
 * turned into one by the API's root onError), so the body is always
 * `{"error":{"code":"<snake_case>","message":"<text>"}}` (CONTRACT.md).
 */
export class AppError extends Error {
  /** Machine-readable snake_case code, e.g. `not_found`. */
  readonly code: string;
  /** HTTP status the API answers with. */
  readonly status: number;

  constructor(code: string, message: string, status = 500, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'AppError';
    this.code = code;
    this.status = status;
  }
}

/** A thrown value as one line of text: an `Error`'s message, anything else as `String` writes it. */
export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** An AppError class of one status, whose every throw says its own message. */
function statusError(status: number, defaultCode: string) {
  return class extends AppError {
    constructor(message: string, code = defaultCode, options?: { cause?: unknown }) {
      super(code, message, status, options);
    }
  };
}

/** An AppError class of one status, with the message a client reads when the throw gives none. */
function statusErrorWithMessage(status: number, defaultCode: string, defaultMessage: string) {
  return class extends AppError {
    constructor(message = defaultMessage, code = defaultCode) {
      super(code, message, status);
    }
  };
}

/** 400: a request that cannot be acted on for a reason other than validation (e.g. no contact e-mail). */
export class BadRequestError extends statusError(400, 'bad_request') {}

/** 401: the route needs a signed-in user and there is none. */
export class UnauthorizedError extends statusErrorWithMessage(401, 'unauthorized', 'Please sign in first.') {}

/** 403: signed in, but not allowed (non-admin on an admin route). */
export class ForbiddenError extends statusErrorWithMessage(403, 'forbidden', 'You are not allowed to do that.') {}

/** 404: the id or path does not exist. */
export class NotFoundError extends statusErrorWithMessage(404, 'not_found', 'Not found.') {}

/** 422: the input failed validation; the message names the field. */
export class ValidationError extends statusError(422, 'invalid_input') {}

/** "a field" for a path, in words: `pauses.0.until`, or "the body" for the whole. */
function fieldName(path: ReadonlyArray<PropertyKey>): string {
  return path.length === 0 ? 'the body' : path.map(String).join('.');
}

/** The first failed rule of `error`, as a sentence a person reads: which field, and why. */
function issueMessage(error: z.core.$ZodError): string {
  const issue = error.issues[0];
  if (issue === undefined) return 'The request is not valid.';
  const field = fieldName(issue.path);
  if (issue.code === 'invalid_type' && issue.message.endsWith('received undefined')) return `${field} is missing.`;
  const why = issue.message.replace(/^Invalid input: /, '');
  return `${field}: ${why.charAt(0).toLowerCase()}${why.slice(1)}${why.endsWith('.') ? '' : '.'}`;
}

/** The code a schema's own rule names for its 422 (`params: { code }` on a custom issue), if any. */
function ownCode(error: z.core.$ZodError): string | undefined {
  const issue = error.issues[0];
  const named: unknown = issue?.code === 'custom' ? issue.params?.code : undefined;
  return typeof named === 'string' ? named : undefined;
}

/**
 * The 422 for input that failed its zod schema, worded one way wherever it is read (the API's
 * validators, api/validate.ts, and the reading query's own parser): the first failed rule as a
 * sentence naming its field, with the code the schema's rule names, else `code`.
 */
export function invalidInput(error: z.core.$ZodError, code = 'invalid_input'): ValidationError {
  return new ValidationError(issueMessage(error), ownCode(error) ?? code);
}

/** 429: a rate limit was reached. */
export class RateLimitError extends statusErrorWithMessage(429, 'rate_limited', 'Too many requests, please try again a little later.') {}

/** 502: an upstream peer we depend on (mail server, remote feed) failed. */
export class UpstreamError extends statusError(502, 'upstream_failed') {}

/** 503: a dependency we need (the database) is not answering. */
export class UnavailableError extends statusError(503, 'unavailable') {}

/** Configuration that cannot start the service; its message is the single line printed at start. */
export class ConfigError extends Error {
  /** The environment variable at fault. */
  readonly variable: string;
  constructor(variable: string, message: string) {
    super(`${variable}: ${message}`);
    this.name = 'ConfigError';
    this.variable = variable;
  }
}

/** A short, single-line description of any thrown value (never a stack). */
export function describeError(value: unknown): string {
  if (value instanceof Error) {
    const cause = value.cause instanceof Error && !value.message.includes(value.cause.message) ? ` (${value.cause.message})` : '';
    return `${value.message}${cause}`.replace(/\s+/g, ' ').trim();
  }
  return String(value).replace(/\s+/g, ' ').trim();
}
