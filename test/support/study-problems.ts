/** The problems a study file's text is refused with; throws if it is accepted. */
import { StudyFileError, type StudyProblem, parseStudy } from '../../src/product/study/load.js';

export function problemsOf(text: string, format?: 'yaml' | 'json'): StudyProblem[] {
  try {
    parseStudy(text, { path: '/studies/s.yaml', format });
  } catch (error) {
    if (error instanceof StudyFileError) return error.problems;
    throw error;
  }
  throw new Error('the study was accepted');
}
