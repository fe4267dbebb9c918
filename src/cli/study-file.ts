/**
 * A study file as `sweep plan` and `sweep run` take it: loaded and checked in full, then checked
 * against the planning service where one is configured. A file that fails either check is
 * reported with its lines, and the command exits 2 with nothing started; a service that does not
 * answer, or refuses the login, exits 4 or 5 as `sweep doctor` does.
 */
import { AuthenticationError, ConnectionError, ServiceError, TimeoutError } from '../client/errors.js';
import { StudyFileError, loadStudyFile } from '../study/load.js';
import type { Study } from '../study/schema.js';
import { EXIT } from './study-handle.js';
import { ConfigurationError, checkStudyWithService, type ServiceCheck } from './study-check.js';

export async function loadCheckedStudy(path: string): Promise<{ study: Study; check: ServiceCheck }> {
  try {
    const study = await loadStudyFile(path);
    return { study, check: await checkStudyWithService(study, path) };
  } catch (error) {
    if (error instanceof StudyFileError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(EXIT.badInput);
    }
    if (error instanceof ConfigurationError) {
      process.stderr.write(`sweep: ${error.message}\n`);
      process.exit(EXIT.badInput);
    }
    if (error instanceof ServiceError) {
      const unreachable = error instanceof ConnectionError || error instanceof TimeoutError || (error.status ?? 0) >= 500;
      process.stderr.write(`sweep: the study's names could not be checked against the planning service: ${error.message} (sweep doctor says what is wrong)\n`);
      process.exit(error instanceof AuthenticationError ? EXIT.authentication : unreachable ? EXIT.unreachable : 1);
    }
    throw error;
  }
}
