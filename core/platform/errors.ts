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

/** 400: a request that cannot be acted on for a reason other than validation (e.g. no contact e-mail). */
export class BadRequestError extends AppError {
  constructor(message: string, code = 'bad_request', options?: { cause?: unknown }) {
    super(code, message, 400, options);
  }
}

/** 401: the route needs a signed-in user and there is none. */
export class UnauthorizedError extends AppError {
  constructor(message = 'Please sign in first.', code = 'unauthorized') {
    super(code, message, 401);
  }
}

/** 403: signed in, but not allowed (non-admin on an admin route). */
export class ForbiddenError extends AppError {
  constructor(message = 'You are not allowed to do that.', code = 'forbidden') {
    super(code, message, 403);
  }
}

/** 404: the id or path does not exist. */
export class NotFoundError extends AppError {
  constructor(message = 'Not found.', code = 'not_found') {
    super(code, message, 404);
  }
}

/** 422: the input failed validation; the message names the field. */
export class ValidationError extends AppError {
  constructor(message: string, code = 'invalid_input', options?: { cause?: unknown }) {
    super(code, message, 422, options);
  }
}

/** 429: a rate limit was reached. */
export class RateLimitError extends AppError {
  constructor(message = 'Too many requests, please try again a little later.', code = 'rate_limited') {
    super(code, message, 429);
  }
}

/** 502: an upstream peer we depend on (mail server, remote feed) failed. */
export class UpstreamError extends AppError {
  constructor(message: string, code = 'upstream_failed', options?: { cause?: unknown }) {
    super(code, message, 502, options);
  }
}

/** 503: a dependency we need (the database) is not answering. */
export class UnavailableError extends AppError {
  constructor(message: string, code = 'unavailable', options?: { cause?: unknown }) {
    super(code, message, 503, options);
  }
}

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
