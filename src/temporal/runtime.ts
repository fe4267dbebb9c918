/** The SDK runtime of this process. */
import { DefaultLogger, Runtime } from '@temporalio/worker';

let runtimeInstalled = false;

/**
 * Keeps the SDK's own logging to warnings and errors: its default prints every worker state change
 * and the whole webpack report, which buries the study's progress. Once per process.
 */
export function quietTemporalRuntime(): void {
  if (runtimeInstalled) return;
  runtimeInstalled = true;
  try {
    Runtime.install({ logger: new DefaultLogger('WARN') });
  } catch {
    // Installed already (by a test harness): keep that one.
  }
}
