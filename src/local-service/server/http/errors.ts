/**
 * Failures the service answers on purpose. Handlers throw these; the binder writes them in the
 * shape of the path family: the envelope's status with `ESP_<status>` on the app family, FastAPI's
 * `{detail}` on the token, solver and GIS families.
 */
import type { FieldProblem } from '../../../wire/contract/issues.js';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly options: { problems?: FieldProblem[]; retryAfterSeconds?: number; code?: string } = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string, problems?: FieldProblem[]) => new HttpError(400, message, { problems });
export const unauthorized = (message = 'Not authenticated') => new HttpError(401, message);
export const forbidden = (message: string) => new HttpError(403, message);
export const notFound = (what: string, id: string | number) => new HttpError(404, `${what} ${id} not found`);
export const conflict = (message: string) => new HttpError(409, message);
export const tooLarge = (message: string) => new HttpError(413, message);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, message, { retryAfterSeconds });

/** One problem on one field: the usual shape of a rule broken by the content of a request. */
export function invalidField(field: string, message: string): HttpError {
  return badRequest(`${field}: ${message}`, [{ field, loc: field.split('.'), message, type: 'value_error' }]);
}

export const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 405: 'Method Not Allowed',
  409: 'Conflict', 413: 'Payload Too Large', 415: 'Unsupported Media Type', 422: 'Unprocessable Entity',
  429: 'Too Many Requests', 500: 'Internal Server Error', 502: 'Bad Gateway', 503: 'Service Unavailable',
};
