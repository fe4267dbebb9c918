/**
 * The SDK runtime of this process, its logs written through pino: workflow code's `log` calls at
 * the logger's level, the SDK's own (worker, core) at warnings and errors only, since its default
 * prints every worker state change and the whole webpack report, which buries the study's progress.
 */
import { IllegalStateError } from '@temporalio/common';
import { DefaultLogger, type LogEntry, type LogLevel, Runtime } from '@temporalio/worker';
import pino from 'pino';
import { createLogger } from '../../common/logger.js';
import { studyIdOf } from '../../common/log-context.js';

const SEVERITY: Record<LogLevel, number> = { TRACE: 0, DEBUG: 1, INFO: 2, WARN: 3, ERROR: 4 };
const PINO_METHOD = { TRACE: 'trace', DEBUG: 'debug', INFO: 'info', WARN: 'warn', ERROR: 'error' } as const;

/** The SDK level that lets through what `log` would write, and no less (nothing is formatted for nothing). */
function sdkLevel(log: pino.Logger): LogLevel {
  const value = log.levelVal;
  if (value <= pino.levels.values.trace) return 'TRACE';
  if (value <= pino.levels.values.debug) return 'DEBUG';
  if (value <= pino.levels.values.info) return 'INFO';
  if (value <= pino.levels.values.warn) return 'WARN';
  return 'ERROR';
}

/**
 * The SDK's lifecycle lines of activities: the activity interceptor (activities/failures.ts) writes
 * its own, with the study and variants, the retry decision and the level it deserves, so the SDK's
 * would only repeat them.
 */
const ACTIVITY_LIFECYCLE = new Set(['Activity started', 'Activity completed', 'Activity failed']);

// Log attributes that identify the task, not the work: noise on every line.
const DROPPED_META = new Set(['sdkComponent', 'taskToken', 'namespace', 'taskQueue']);

/** Writes the SDK's log entries through `log`, with the study of the workflow they concern. */
export function temporalLogSink(log: pino.Logger): (entry: LogEntry) => void {
  return (entry) => {
    const meta = entry.meta ?? {};
    const component = meta.sdkComponent as string | undefined;
    // Workflow and activity code's own `log` calls carry these components; the SDK never uses them.
    const fromOurCode = component === 'workflow' || component === 'activity';
    if (!fromOurCode && SEVERITY[entry.level] < SEVERITY.WARN) return;
    if (meta.activityType !== undefined && component !== 'activity' && ACTIVITY_LIFECYCLE.has(entry.message)) return;
    const fields: Record<string, unknown> = { temporal: component ?? 'sdk' };
    const studyId = studyIdOf(typeof meta.workflowId === 'string' ? meta.workflowId : undefined);
    if (studyId) fields.studyId = studyId;
    for (const [key, value] of Object.entries(meta)) {
      if (DROPPED_META.has(key)) continue;
      // pino serialises only `err` as an error (message, type, stack); under any other name an
      // Error would print as {}.
      if (value instanceof Error) {
        if (key === 'error' || key === 'err') fields.err = value;
        else fields[key] = pino.stdSerializers.err(value);
      } else {
        fields[key] = value;
      }
    }
    log[PINO_METHOD[entry.level]](fields, entry.message);
  };
}

let installed = false;

export interface RuntimeTelemetry {
  /** Where the SDK serves its metrics for Prometheus (`host:port`, path /metrics); none when absent. */
  metricsBindAddress?: string;
}

/**
 * Installs the runtime with its logs going to `log` (once per process, before the first Worker or
 * NativeConnection, which would install a default one), and its metrics served for Prometheus when
 * asked; false when a runtime was installed already.
 */
export function installTemporalRuntime(log: pino.Logger, telemetry: RuntimeTelemetry = {}): boolean {
  if (installed) return false;
  installed = true;
  try {
    // Core (Rust) logs are not forwarded: forwarding polls them on a timer that keeps the process
    // alive after its work is done (`sweep bundle-workflows` never exited); core warns rarely.
    Runtime.install({
      logger: new DefaultLogger(sdkLevel(log), temporalLogSink(log)),
      ...(telemetry.metricsBindAddress && { telemetryOptions: { metrics: { prometheus: { bindAddress: telemetry.metricsBindAddress } } } }),
    });
    return true;
  } catch (error) {
    // Installed already (by a test harness): keep that one.
    if (error instanceof IllegalStateError) return false;
    // Not installed: this runtime's own settings failed (a metrics address taken, say).
    installed = false;
    throw error;
  }
}

/** Installs the runtime, unless one is installed, with sweep's logger at warnings (processes that run no worker of their own). */
export function quietTemporalRuntime(): void {
  if (!installed) installTemporalRuntime(createLogger({ level: 'warn' }));
}
