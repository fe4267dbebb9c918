/**
 * A study file as `sweep plan` and `sweep run` take it: loaded and checked in full, then checked
 * against the planning service where one is configured. A file that fails either check is
 * reported with its lines, and the command exits 2 with nothing started; a service that cannot be
 * reached from here is left to the study's setup (said in a note); one that refuses the login, or
 * fails, exits 5 or 4 as `sweep doctor` does.
 */
import { AuthenticationError, ConnectionError, ServiceError, TimeoutError } from '../../wire/client/errors.js';
import { StudyFileError, loadStudyFile } from '../study/load.js';
import type { Study } from '../study/schema.js';
import { EXIT } from './study-handle.js';
import { ConfigurationError, checkStudyWithService, type ServiceCheck } from './study-check.js';

export async function loadCheckedStudy(path: string): Promise<{ study: Study; check: ServiceCheck }> {
  let study: Study | undefined;
  try {
    study = await loadStudyFile(path);
    return { study, check: await checkStudyWithService(study, path) };
  } catch (error) {
    // A service this machine cannot reach (the address inside a container stack) is the worker's to
    // reach: the study's setup checks the same names before it creates anything.
    if (study && (error instanceof ConnectionError || error instanceof TimeoutError)) {
      return { study, check: { skipped: `the planning service does not answer from here (${error.message}): the names in the study are checked against the base scenario when it starts` } };
    }
    if (error instanceof StudyFileError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(EXIT.badInput);
    }
    if (error instanceof ConfigurationError) {
      process.stderr.write(`sweep: ${error.message}\n`);
      process.exit(EXIT.badInput);
    }
    if (error instanceof ServiceError) {
      process.stderr.write(`sweep: the study's names could not be checked against the planning service: ${error.message} (sweep doctor says what is wrong)\n`);
      process.exit(error instanceof AuthenticationError ? EXIT.authentication : (error.status ?? 0) >= 500 ? EXIT.unreachable : 1);
    }
    throw error;
  }
}
