/** The `sweep` command line: one command per file under commands/, assembled here. */
import { Command, CommanderError } from 'commander';
import { bundleWorkflowsCommand } from './commands/bundle-workflows.js';
import { demoCommand } from './commands/demo.js';
import { devCommand } from './commands/dev.js';
import { runCommand } from './commands/run.js';
import { serviceCommand } from './commands/service.js';
import { solveCommand } from './commands/solve.js';
import { workerCommand } from './commands/worker.js';

const program = new Command()
  .name('sweep')
  .description('Energy-system optimisation studies, run durably on Temporal, and a local planning service.')
  .showHelpAfterError()
  .addCommand(demoCommand())
  .addCommand(devCommand())
  .addCommand(runCommand())
  .addCommand(workerCommand())
  .addCommand(serviceCommand())
  .addCommand(solveCommand())
  .addCommand(bundleWorkflowsCommand(), { hidden: true });

try {
  await program.parseAsync(process.argv);
} catch (error) {
  if (error instanceof CommanderError) process.exit(error.exitCode);
  console.error(`sweep: ${(error as Error).message}`);
  process.exit(1);
}
