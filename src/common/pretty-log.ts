/**
 * Log lines for a person at a terminal: `12:03:04.567 WARN  message  studyId=… key=value`. It
 * formats the JSON line pino has already serialised, so whatever pino redacted stays redacted, and
 * it writes synchronously in the caller's turn, so a CLI that exits at once loses no line (a
 * transport in a worker thread, as pino-pretty is usually run, could).
 */

/** Where formatted lines go: a pino destination, process.stderr, or a test's capture. */
export interface LineSink {
  write(text: string): unknown;
}

const LEVELS: Record<number, { name: string; colour: string }> = {
  10: { name: 'TRACE', colour: '\x1b[90m' },
  20: { name: 'DEBUG', colour: '\x1b[36m' },
  30: { name: 'INFO', colour: '\x1b[32m' },
  40: { name: 'WARN', colour: '\x1b[33m' },
  50: { name: 'ERROR', colour: '\x1b[31m' },
  60: { name: 'FATAL', colour: '\x1b[35m' },
};
const RESET = '\x1b[0m';
const DIM = '\x1b[2m';

// Said on every line by the process, not by the event; a terminal reader knows them.
const OMITTED = new Set(['level', 'time', 'msg', 'pid', 'hostname', 'v']);
// First after the message, in this order, so that lines about one study line up by eye.
const LEADING = ['studyId', 'variantKey', 'variantKeys', 'variantCount', 'workflowId', 'workflowType', 'activityType', 'attempt'];

function clock(time: unknown): string {
  const date = typeof time === 'number' ? new Date(time) : new Date();
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}.${pad(date.getMilliseconds(), 3)}`;
}

function valueText(value: unknown): string {
  if (typeof value === 'string') return /^[^\s"=]+$/.test(value) ? value : JSON.stringify(value);
  if (Array.isArray(value) && value.every((v) => typeof v === 'string' && /^[^\s",=]+$/.test(v))) return value.join(',');
  return JSON.stringify(value);
}

interface SerialisedError {
  type?: string;
  message?: string;
  stack?: string;
}

const isSerialisedError = (value: unknown): value is SerialisedError =>
  typeof value === 'object' && value !== null && typeof (value as SerialisedError).message === 'string' && typeof (value as SerialisedError).stack === 'string';

/** One pino JSON line as a readable line (and an error's stack below it, indented). */
export function prettyLine(json: string, options: { colour?: boolean } = {}): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json.endsWith('\n') ? json : `${json}\n`;
  }
  const colour = options.colour ?? false;
  const level = LEVELS[entry.level as number] ?? { name: String(entry.level ?? '?').toUpperCase(), colour: '' };
  const levelText = colour ? `${level.colour}${level.name.padEnd(5)}${RESET}` : level.name.padEnd(5);
  const keys = [
    ...LEADING.filter((key) => key in entry),
    ...Object.keys(entry).filter((key) => !OMITTED.has(key) && !LEADING.includes(key)),
  ];
  const stacks: string[] = [];
  const fields = keys.map((key) => {
    const value = entry[key];
    let text: string;
    if (isSerialisedError(value)) {
      text = valueText(`${value.type ?? 'Error'}: ${value.message}`);
      stacks.push(...value.stack!.split('\n').slice(1).map((line) => `    ${line.trim()}`));
    } else {
      text = valueText(value);
    }
    return colour ? `${DIM}${key}=${RESET}${text}` : `${key}=${text}`;
  });
  const message = typeof entry.msg === 'string' ? entry.msg : '';
  const head = [clock(entry.time), levelText, message].filter(Boolean).join(' ');
  const line = fields.length ? `${head}  ${fields.join(' ')}` : head;
  return `${[line, ...stacks].join('\n')}\n`;
}

/** A destination for pino that writes each line to `out` in the readable form. */
export function prettyDestination(out: LineSink, options: { colour?: boolean } = {}): LineSink {
  return {
    write(chunk: string) {
      // pino writes one line per call; split anyway in case a caller batches several.
      for (const json of chunk.split('\n')) if (json) out.write(prettyLine(json, options));
      return true;
    },
  };
}
