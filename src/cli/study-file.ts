/**
 * A study file as `sweep plan` and `sweep run` take it: loaded and checked in full, then checked
 * against the planning service where one is configured. A file that fails either check is
 * reported with its lines, and the command exits 2 with nothing started.
 */
import { StudyFileError, loadStudyFile } from '../study/load.js';
import type { Study } from '../study/schema.js';
import { checkStudyWithService, type ServiceCheck } from './study-check.js';

export async function loadCheckedStudy(path: string): Promise<{ study: Study; check: ServiceCheck }> {
  try {
    const study = await loadStudyFile(path);
    return { study, check: await checkStudyWithService(study, path) };
  } catch (error) {
    if (error instanceof StudyFileError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(2);
    }
    throw error;
  }
}
