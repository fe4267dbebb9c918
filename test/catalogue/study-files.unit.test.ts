/**
 * Every malformed study file of the catalogue is refused by the loader with a problem that names
 * the field (its path, and its line where it is written) and states the rule; and loading one
 * makes nothing, not even the output directory the file names.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { StudyFileError, loadStudyFile } from '../../src/product/study/load.js';
import { STUDY_FILE_CASES } from './study-files.js';

const DIR = resolve(import.meta.dirname, 'study-files');

async function refusal(file: string): Promise<StudyFileError> {
  const error = await loadStudyFile(file).then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof StudyFileError)) throw new Error(`${file} was ${error === undefined ? 'accepted' : `refused with ${String(error)}`}`);
  return error;
}

describe('the catalogue of malformed study files', () => {
  it(`holds ${STUDY_FILE_CASES.length} cases, at least 50, one file each and every file indexed`, () => {
    expect(STUDY_FILE_CASES.length).toBeGreaterThanOrEqual(50);
    const indexed = STUDY_FILE_CASES.map((c) => c.file);
    expect(new Set(indexed).size).toBe(indexed.length);
    expect(readdirSync(DIR).sort()).toEqual([...indexed].sort());
  });

  for (const c of STUDY_FILE_CASES) {
    it(`refuses ${c.file}: ${c.path || '(the file)'} ${c.rule.source}`, async () => {
      const file = join(DIR, c.file);
      const error = await refusal(file);
      expect(error.file).toBe(file);
      const expected = { path: c.path, line: c.line ?? expect.any(Number), message: expect.stringMatching(c.rule) };
      expect(error.problems).toContainEqual(expected);
      // Every problem is placed in the file, so an editor can jump to it.
      for (const problem of error.problems) expect(problem.line, `${problem.path}: ${problem.message}`).toBeGreaterThan(0);
      // The text shown to the user carries the same: file, line, path, then the rule.
      const found = error.problems.find((p) => expect.objectContaining(expected).asymmetricMatch(p))!;
      expect(error.message.split('\n')).toContain(`${file}:${found.line}: ${c.path ? `${c.path}: ` : ''}${found.message}`);
    });
  }

  it('creates nothing: no output directory appears beside the files', async () => {
    for (const c of STUDY_FILE_CASES) await refusal(join(DIR, c.file));
    expect(existsSync(join(DIR, 'out'))).toBe(false);
    expect(readdirSync(DIR)).toHaveLength(STUDY_FILE_CASES.length);
  });
});
