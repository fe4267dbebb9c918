/**
 * The one way sweep makes a logger: pino on stderr (stdout carries only what scripts read), with
 * every field that can hold a secret redacted wherever it appears in a logged object. JSON lines by
 * default, for collectors; readable lines when they go to a terminal.
 *
 *   SWEEP_LOG_LEVEL   trace|debug|info|warn|error|silent (overrides the caller's level)
 *   SWEEP_LOG_FORMAT  json|pretty (default: pretty when stderr is a terminal, else json)
 */
import pino from 'pino';
import { type LineSink, prettyDestination } from './pretty-log.js';

/** Fields whose values never reach a log: passwords, tokens and the headers that carry them. */
export const SECRET_FIELDS = ['password', 'access_token', 'accessToken', 'token', 'authorization', 'credentials'] as const;

const REDACT = [
  ...SECRET_FIELDS,
  ...SECRET_FIELDS.map((field) => `*.${field}`),
  ...SECRET_FIELDS.map((field) => `*.*.${field}`),
  'req.headers.authorization', 'headers.authorization', '*.headers.authorization',
];

export type LogFormat = 'json' | 'pretty';

/** The format asked for by SWEEP_LOG_FORMAT, else pretty exactly when the lines go to a terminal. */
export function logFormat(env: NodeJS.ProcessEnv, toTerminal: boolean): LogFormat {
  const asked = env.SWEEP_LOG_FORMAT?.trim().toLowerCase();
  if (asked === 'json' || asked === 'pretty') return asked;
  return toTerminal ? 'pretty' : 'json';
}

export interface LoggerOptions {
  level?: string;
  /** Default stderr. A destination with `isTTY: true` counts as a terminal. */
  destination?: pino.DestinationStream & { isTTY?: boolean };
  /** Default from logFormat(). */
  format?: LogFormat;
}

export function createLogger(options: LoggerOptions = {}): pino.Logger {
  const toTerminal = options.destination ? options.destination.isTTY === true : process.stderr.isTTY === true;
  const format = options.format ?? logFormat(process.env, toTerminal);
  const out: LineSink = options.destination ?? pino.destination(2);
  const destination = format === 'pretty' ? prettyDestination(out, { colour: toTerminal && !process.env.NO_COLOR }) : out;
  return pino(
    { level: process.env.SWEEP_LOG_LEVEL ?? options.level ?? 'info', redact: { paths: REDACT, censor: '[redacted]' } },
    destination as pino.DestinationStream,
  );
}
