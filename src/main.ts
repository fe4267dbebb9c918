/** The `sweep` command line: one command per file under commands/, assembled here. */
import { Command, CommanderError } from 'commander';
import { bundleWorkflowsCommand } from './product/cli/commands/bundle-workflows.js';
import { compareCommand } from './product/cli/commands/compare.js';
import { diffCommand } from './product/cli/commands/diff.js';
import { budgetCommand, cancelCommand, pauseCommand, resumeCommand } from './product/cli/commands/controls.js';
import { demoCommand } from './tooling/demo/demo-command.js';
import { devCommand } from './product/cli/commands/dev.js';
import { doctorCommand } from './product/cli/commands/doctor.js';
import { rerunCommand } from './product/cli/commands/rerun.js';
import { resultsCommand } from './product/cli/commands/results.js';
import { planCommand } from './product/cli/commands/plan.js';
import { runCommand } from './product/cli/commands/run.js';
import { scheduleCommand } from './product/cli/commands/schedule.js';
import { serviceCommand } from './local-service/commands/service.js';
import { solveCommand } from './local-service/commands/solve.js';
import { listCommand, statusCommand } from './product/cli/commands/status.js';
import { watchCommand } from './product/cli/commands/watch.js';
import { workerCommand } from './product/cli/commands/worker.js';

const program = new Command()
  .name('sweep')
  .description('Energy-system optimisation studies, run durably on Temporal, and a local planning service.')
  .showHelpAfterError()
  .addCommand(demoCommand())
  .addCommand(devCommand())
  .addCommand(doctorCommand())
  .addCommand(planCommand())
  .addCommand(runCommand())
  .addCommand(statusCommand())
  .addCommand(watchCommand())
  .addCommand(listCommand())
  .addCommand(pauseCommand())
  .addCommand(resumeCommand())
  .addCommand(cancelCommand())
  .addCommand(budgetCommand())
  .addCommand(resultsCommand())
  .addCommand(rerunCommand())
  .addCommand(compareCommand())
  .addCommand(diffCommand())
  .addCommand(scheduleCommand())
  .addCommand(workerCommand())
  .addCommand(serviceCommand())
  .addCommand(solveCommand())
  .addCommand(bundleWorkflowsCommand(), { hidden: true });

// Usage errors (unknown option, bad argument) exit 2, as study files that do not load do; help exits 0.
for (const command of [program, ...program.commands, ...program.commands.flatMap((c) => c.commands)]) command.exitOverride();

try {
  await program.parseAsync(process.argv);
} catch (error) {
  if (error instanceof CommanderError) process.exit(error.exitCode === 0 ? 0 : 2);
  console.error(`sweep: ${(error as Error).message}`);
  process.exit(1);
}
