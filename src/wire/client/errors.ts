/**
 * Every failure of a call to the planning service is one of these. Each carries what a caller needs
 * to decide what to do: the HTTP status, the method and path, the service's own code and message,
 * and whether trying again can help.
 */

export interface ServiceErrorInit {
  status?: number;
  method: string;
  path: string;
  code?: string;
  message: string;
  retryable: boolean;
  operation?: string;
  retryAfterMs?: number;
  cause?: unknown;
}

/** The base of all planning-service failures; branch on subclasses with `instanceof`. */
export class ServiceError extends Error {
  readonly status: number | undefined;
  readonly method: string;
  readonly path: string;
  readonly code: string | undefined;
  readonly retryable: boolean;
  readonly operation: string | undefined;
  /** How long the service asked us to wait (Retry-After), when it said. */
  readonly retryAfterMs: number | undefined;
  /** The service's message, without the method/path prefix of `message`. */
  readonly serviceMessage: string;

  constructor(init: ServiceErrorInit) {
    const where = `${init.method} ${init.path}`;
    const status = init.status ? ` → ${init.status}${init.code ? ` ${init.code}` : ''}` : '';
    super(`${where}${status}: ${init.message}`, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = new.target.name;
    this.status = init.status;
    this.method = init.method;
    this.path = init.path;
    this.code = init.code;
    this.retryable = init.retryable;
    this.operation = init.operation;
    this.retryAfterMs = init.retryAfterMs;
    this.serviceMessage = init.message;
  }

  /** A plain, secret-free summary, for logs and workflow failure details. */
  toJSON() {
    return {
      name: this.name,
      status: this.status,
      method: this.method,
      path: this.path,
      code: this.code,
      message: this.serviceMessage,
      retryable: this.retryable,
      operation: this.operation,
    };
  }
}

export class BadRequestError extends ServiceError {}
export class AuthenticationError extends ServiceError {}
export class PermissionDeniedError extends ServiceError {}
export class NotFoundError extends ServiceError {}
export class ConflictError extends ServiceError {}
export class PayloadTooLargeError extends ServiceError {}
export class UnprocessableEntityError extends ServiceError {}
export class RateLimitError extends ServiceError {}
export class InternalServerError extends ServiceError {}
/** Any other non-2xx status. */
export class UnexpectedStatusError extends ServiceError {}
/** The request never got an answer: refused, reset, DNS, TLS. */
export class ConnectionError extends ServiceError {}
export class TimeoutError extends ServiceError {}
/** The answer did not match its schema (or was truncated): names the operation and the field. */
export class ResponseValidationError extends ServiceError {}
/** The client refused to send a request that breaks a rule of the specification. */
export class RequestValidationError extends ServiceError {}
/** A downloaded file was incomplete or its checksum did not match. */
export class IntegrityError extends ServiceError {}

/** 429, 5xx and 408 are worth retrying; other statuses are the caller's to fix. */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}

/** Picks the error class for an HTTP status, in one place. */
export function errorForStatus(init: ServiceErrorInit & { status: number }): ServiceError {
  const cls =
    init.status === 400 ? BadRequestError
    : init.status === 401 ? AuthenticationError
    : init.status === 403 ? PermissionDeniedError
    : init.status === 404 ? NotFoundError
    : init.status === 409 ? ConflictError
    : init.status === 413 ? PayloadTooLargeError
    : init.status === 422 ? UnprocessableEntityError
    : init.status === 429 ? RateLimitError
    : init.status >= 500 ? InternalServerError
    : UnexpectedStatusError;
  return new cls(init);
}
