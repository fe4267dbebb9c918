/**
 * Finding a running (or finished) study by name for the commands that act on one: its workflow,
 * with a clear error and exit code when there is no such study or no Temporal to ask.
 */
import { type Client, type WorkflowExecutionDescription, WorkflowNotFoundError, type WorkflowHandle } from '@temporalio/client';
import { connectTemporal } from '../temporal/connection.js';
import { loadTemporalTarget, TemporalSettingsError } from '../temporal/temporal-profile.js';
import type { StudyWorkflow } from '../study/study-workflow.js';
import { studyWorkflowId } from './studies.js';

/** Exit codes of the study commands, beside 0 (done) and 1 (anything unexpected). */
export const EXIT = { badInput: 2, notFound: 3, unreachable: 4, authentication: 5 } as const;

/** An error the command reports as it is (no stack) and exits with `code`. */
export class CommandError extends Error {
  constructor(message: string, readonly code: number) {
    super(message);
  }
}

export interface FoundStudy {
  handle: WorkflowHandle<StudyWorkflow>;
  status: string;
  /** Its current run as Temporal describes it (start and close times among it). */
  description: WorkflowExecutionDescription;
  /** The connection it was found through, for a command that starts another run of it. */
  temporal: Client;
}

/** Connects to Temporal, finds the study's workflow, runs `act`, and always closes the connection. */
export async function withStudy<T>(name: string, act: (found: FoundStudy) => Promise<T>): Promise<T> {
  return withTemporal(async (temporal) => {
    const handle = temporal.workflow.getHandle<StudyWorkflow>(studyWorkflowId(name));
    let description: WorkflowExecutionDescription;
    try {
      description = await handle.describe();
    } catch (error) {
      if (error instanceof WorkflowNotFoundError) throw new CommandError(`no study named "${name}" (sweep list shows the studies)`, EXIT.notFound);
      throw error;
    }
    return act({ handle, status: description.status.name, description, temporal });
  });
}

export async function withTemporal<T>(act: (temporal: Client) => Promise<T>): Promise<T> {
  let temporal: Client;
  try {
    temporal = await connectTemporal(loadTemporalTarget(), { timeoutMs: 10_000 });
  } catch (error) {
    // Settings that cannot be read are bad input; a server that does not answer or refuses us is unreachable.
    throw new CommandError(`${(error as Error).message}`, error instanceof TemporalSettingsError ? EXIT.badInput : EXIT.unreachable);
  }
  try {
    return await act(temporal);
  } finally {
    await temporal.connection.close();
  }
}

/** A budget limit as a person reads it. */
export const limitText = (limit: number | null) => (limit === null ? 'unlimited' : String(limit));

/** Runs a command's action, turning CommandErrors into a message on stderr and their exit code. */
export function reported<A extends unknown[]>(action: (...args: A) => Promise<void>): (...args: A) => Promise<void> {
  return async (...args: A) => {
    try {
      await action(...args);
    } catch (error) {
      if (!(error instanceof CommandError)) throw error;
      process.stderr.write(`sweep: ${error.message}\n`);
      process.exitCode = error.code;
    }
  };
}
