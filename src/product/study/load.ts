/**
 * Reads a study file (YAML, or JSON with the same shape) and validates it, reporting every problem
 * at once with the line it is on, so that a study is fixed in one edit rather than one per run.
 */
import { readFile } from 'node:fs/promises';
import { dirname, isAbsolute, resolve } from 'node:path';
import { type Document, LineCounter, type Node, type YAMLError, isMap, isScalar, isSeq, parseDocument } from 'yaml';
import type { z } from 'zod';
import { fieldPath, toFieldProblems } from '../../wire/contract/issues.js';
import { studyMessage } from './messages.js';
import { offerNames } from './nearest.js';
import { type Study, StudySchema, keysAt } from './schema.js';

/** One problem of a study file: where (a path like `parameters[1].values[2]`, and its line) and what. */
export interface StudyProblem {
  path: string;
  line?: number;
  message: string;
}

/** A study file that cannot be used, with every problem found in it. */
export class StudyFileError extends Error {
  constructor(
    readonly file: string,
    readonly problems: StudyProblem[],
  ) {
    super(problems.map((p) => `${p.line === undefined ? file : `${file}:${p.line}`}: ${p.path ? `${p.path}: ` : ''}${p.message}`).join('\n'));
    this.name = 'StudyFileError';
  }
}

/** Where a study's text comes from and how it is written. */
export interface ParseOptions {
  /** The file the text comes from: named in messages, and the directory `output` is relative to. */
  path?: string;
  /** Defaults to json for a `.json` path, yaml otherwise. */
  format?: 'yaml' | 'json';
}

/** The 1-based line of the node at a path: of the key for a mapping entry, of the item for a list item. */
function lineOf(doc: Document, lines: LineCounter, path: readonly PropertyKey[]): number | undefined {
  const lineAt = (node: Node | null | undefined) => (node?.range ? lines.linePos(node.range[0]).line : undefined);
  let node = doc.contents as Node | null;
  let line = lineAt(node);
  // A path that leaves the document (a required field that is missing) points at its last existing step.
  for (const step of path) {
    if (isMap(node)) {
      const pair = node.items.find((p) => isScalar(p.key) && String(p.key.value) === String(step));
      if (!pair) break;
      line = lineAt(pair.key as Node) ?? line;
      node = pair.value as Node | null;
    } else if (isSeq(node) && typeof step === 'number' && node.items[step]) {
      node = node.items[step] as Node;
      line = lineAt(node) ?? line;
    } else break;
  }
  return line;
}

/** Where a JSON.parse error is: Node 20 says `at position N`, later versions `(line L column C)`. */
function jsonErrorLine(text: string, message: string): number | undefined {
  const line = /line (\d+)/.exec(message);
  if (line) return Number(line[1]);
  const position = /position (\d+)/.exec(message);
  return position ? text.slice(0, Number(position[1])).split('\n').length : undefined;
}

type Path = (string | number)[];

/** The path of the mapping key written at `offset`, and the line of the first key of that mapping equal to it. */
function keyAt(node: unknown, offset: number, lines: LineCounter, path: Path = []): { path: Path; first: number } | undefined {
  if (isSeq(node)) {
    for (const [i, item] of node.items.entries()) {
      const found = keyAt(item, offset, lines, [...path, i]);
      if (found) return found;
    }
  }
  if (!isMap(node)) return undefined;
  for (const pair of node.items) {
    if (!isScalar(pair.key)) continue;
    const key = String(pair.key.value);
    if (pair.key.range?.[0] === offset) {
      const first = node.items.find((p) => isScalar(p.key) && String(p.key.value) === key)!.key as Node;
      return { path: [...path, key], first: lines.linePos(first.range![0]).line };
    }
    const found = keyAt(pair.value, offset, lines, [...path, key]);
    if (found) return found;
  }
  return undefined;
}

/**
 * The deepest entry whose quoted string or flow collection runs on to `offset`: the parser notices
 * one left open only where it gives up, often the end of the file, while the fix is where it opens.
 */
function unclosedAt(node: unknown, offset: number, lines: LineCounter, path: Path = []): { path: Path; line: number } | undefined {
  const entries: [string | number, unknown, Node | undefined][] = isMap(node)
    ? node.items.filter((p) => isScalar(p.key)).map((p) => [String((p.key as Node & { value: unknown }).value), p.value, p.key as Node])
    : isSeq(node) ? node.items.map((item, i) => [i, item, item as Node]) : [];
  for (const [step, value, at] of entries) {
    const range = (value as Node | null)?.range;
    if (!range || range[0] >= offset || offset > range[2]) continue;
    const deeper = unclosedAt(value, offset, lines, [...path, step]);
    if (deeper) return deeper;
    const open = isScalar(value) ? String(value.type).startsWith('QUOTE') : (isMap(value) || isSeq(value)) && value.flow === true;
    if (open) return { path: [...path, step], line: lines.linePos(at!.range![0]).line };
  }
  return undefined;
}

/** A parser error as a problem, named by the path of the entry at fault where one can be told. */
function syntaxProblem(doc: Document, lines: LineCounter, error: YAMLError, format: 'yaml' | 'json'): StudyProblem {
  const line = lines.linePos(error.pos[0]).line;
  const repeated = error.code === 'DUPLICATE_KEY' ? keyAt(doc.contents, error.pos[0], lines) : undefined;
  if (repeated) return { path: fieldPath(repeated.path), line, message: `is given twice (first on line ${repeated.first}): a key may appear once in its mapping` };
  const message = `is not valid ${format.toUpperCase()}: ${error.message}`;
  const open = ['MISSING_CHAR', 'BAD_INDENT'].includes(error.code) ? unclosedAt(doc.contents, error.pos[0], lines) : undefined;
  if (open) return { path: fieldPath(open.path), line: open.line, message: `${message} (it opens here and is not closed before line ${line})` };
  return { path: '', line, message };
}

function parseText(text: string, file: string, format: 'yaml' | 'json'): { doc: Document; lines: LineCounter; value: unknown } {
  if (format === 'json') {
    try {
      JSON.parse(text);
    } catch (error) {
      const message = (error as Error).message;
      throw new StudyFileError(file, [{ path: '', line: jsonErrorLine(text, message), message: `is not valid JSON: ${message}` }]);
    }
  }
  // JSON is YAML too: both go through one parser, which keeps positions and refuses duplicate keys.
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
  if (doc.errors.length > 0) throw new StudyFileError(file, doc.errors.map((e) => syntaxProblem(doc, lines, e, format)));
  try {
    return { doc, lines, value: doc.toJS() };
  } catch (error) {
    throw new StudyFileError(file, [{ path: '', message: `is not valid YAML: ${(error as Error).message}` }]);
  }
}

/** A key the schema does not know, one problem each so that each is named on its own line. */
function unknownKeyProblems(doc: Document, lines: LineCounter, issue: z.core.$ZodIssue & { code: 'unrecognized_keys' }): StudyProblem[] {
  const parent = issue.path.map((k) => (typeof k === 'number' ? k : String(k)));
  const where = fieldPath(parent) || 'the study';
  return issue.keys.map((key) => ({
    path: fieldPath([...parent, key]),
    line: lineOf(doc, lines, [...parent, key]),
    message: `is not a field of ${where}; ${offerNames(key, keysAt(parent), 'its fields')}`,
  }));
}

/** Parses and validates a study from its text; throws a `StudyFileError` listing every problem. */
export function parseStudy(text: string, options: ParseOptions = {}): Study {
  const file = options.path ?? '<study>';
  const format = options.format ?? (options.path?.toLowerCase().endsWith('.json') ? 'json' : 'yaml');
  const { doc, lines, value } = parseText(text, file, format);
  if (value == null) throw new StudyFileError(file, [{ path: '', line: 1, message: 'is empty: a study needs version, name, base, destination, parameters, variants, solver, concurrency and output' }]);

  const result = StudySchema.safeParse(value);
  if (!result.success) {
    const issues = result.error.issues;
    const problems = toFieldProblems(issues, value).flatMap((p, i): StudyProblem[] => {
      const issue = issues[i];
      if (issue.code === 'unrecognized_keys') return unknownKeyProblems(doc, lines, issue);
      return [{ path: p.field, line: lineOf(doc, lines, issue.path), message: studyMessage(issue, p.message, value) }];
    });
    throw new StudyFileError(file, problems.sort((a, b) => (a.line ?? Infinity) - (b.line ?? Infinity)));
  }
  const base = options.path ? dirname(resolve(options.path)) : process.cwd();
  const study = result.data;
  return { ...study, output: isAbsolute(study.output) ? study.output : resolve(base, study.output) };
}

/**
 * Problems found outside the file (against the base scenario on the service) as a StudyFileError,
 * each on the line of the file that gives what is wrong.
 */
export async function problemsInFile(path: string, problems: { path: (string | number)[]; message: string }[]): Promise<StudyFileError> {
  const text = await readFile(path, 'utf8');
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false });
  return new StudyFileError(path, problems.map((p) => ({ path: fieldPath(p.path), line: lineOf(doc, lines, p.path), message: p.message })));
}

/** Reads, parses and validates a study file. */
export async function loadStudyFile(path: string): Promise<Study> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'does not exist' : code === 'EISDIR' ? 'is a directory, not a study file' : `cannot be read (${code ?? (error as Error).message})`;
    throw new StudyFileError(path, [{ path: '', message: why }]);
  }
  return parseStudy(text, { path });
}
