/**
 * The one way sweep makes a logger: pino, JSON on stderr (stdout carries only what scripts read),
 * with every field that can hold a secret redacted wherever it appears in a logged object.
 */
import pino from 'pino';

/** Fields whose values never reach a log: passwords, tokens and the headers that carry them. */
export const SECRET_FIELDS = ['password', 'access_token', 'accessToken', 'token', 'authorization', 'credentials'] as const;

const REDACT = [
  ...SECRET_FIELDS,
  ...SECRET_FIELDS.map((field) => `*.${field}`),
  ...SECRET_FIELDS.map((field) => `*.*.${field}`),
  'req.headers.authorization', 'headers.authorization', '*.headers.authorization',
];

export function createLogger(options: { level?: string; destination?: pino.DestinationStream } = {}): pino.Logger {
  return pino(
    { level: process.env.SWEEP_LOG_LEVEL ?? options.level ?? 'info', redact: { paths: REDACT, censor: '[redacted]' } },
    options.destination ?? pino.destination(2),
  );
}
