/** `sweep bundle-workflows <file>`: builds the workflow bundle into a file (a worker runs it as a child process). */
import { Command } from 'commander';
import { buildWorkflowBundle } from '../../temporal/workflow-bundle.js';
import { quietTemporalRuntime } from '../../temporal/runtime.js';

export function bundleWorkflowsCommand(): Command {
  return new Command('bundle-workflows')
    .description('Build the Temporal workflow bundle into <file> (workers do this themselves when the bundle of their sources is not cached)')
    .argument('<file>', 'where to write the bundle')
    .option('--tracing', 'with the OpenTelemetry workflow interceptors (for workers that export traces)')
    .action(async (file: string, options: { tracing?: boolean }) => {
      quietTemporalRuntime();
      await buildWorkflowBundle(file, { tracing: options.tracing === true });
    });
}
