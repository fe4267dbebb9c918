/** The `sweep` command line: one command per file under commands/, assembled here. */
import { Command, CommanderError } from 'commander';
import { bundleWorkflowsCommand } from './commands/bundle-workflows.js';
import { compareCommand } from './commands/compare.js';
import { diffCommand } from './commands/diff.js';
import { budgetCommand, cancelCommand, pauseCommand, resumeCommand } from './commands/controls.js';
import { demoCommand } from './commands/demo.js';
import { devCommand } from './commands/dev.js';
import { doctorCommand } from './commands/doctor.js';
import { rerunCommand } from './commands/rerun.js';
import { resultsCommand } from './commands/results.js';
import { planCommand } from './commands/plan.js';
import { runCommand } from './commands/run.js';
import { scheduleCommand } from './commands/schedule.js';
import { serviceCommand } from './commands/service.js';
import { solveCommand } from './commands/solve.js';
import { listCommand, statusCommand } from './commands/status.js';
import { watchCommand } from './commands/watch.js';
import { workerCommand } from './commands/worker.js';

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
