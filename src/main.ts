/** The `sweep` command line: one command per file under commands/, assembled here. */
import { Command, CommanderError } from 'commander';

/**
 * Each command's module, in the order help lists them. Only the command being run is imported:
 * importing them all took 1.3 s (3.6 s on a loaded machine) before any command started, which every
 * `sweep solve` and every short command paid. Help, and anything not a command's name, loads them all.
 */
const COMMANDS: [names: string[], load: () => Promise<Command[]>, hidden?: boolean][] = [
  [['demo'], async () => [(await import('./tooling/demo/demo-command.js')).demoCommand()]],
  [['dev'], async () => [(await import('./product/cli/commands/dev.js')).devCommand()]],
  [['doctor'], async () => [(await import('./product/cli/commands/doctor.js')).doctorCommand()]],
  [['plan'], async () => [(await import('./product/cli/commands/plan.js')).planCommand()]],
  [['run'], async () => [(await import('./product/cli/commands/run.js')).runCommand()]],
  [['status'], async () => [(await import('./product/cli/commands/status.js')).statusCommand()]],
  [['watch'], async () => [(await import('./product/cli/commands/watch.js')).watchCommand()]],
  [['list'], async () => [(await import('./product/cli/commands/status.js')).listCommand()]],
  [['pause', 'resume', 'cancel', 'budget'], async () => {
    const m = await import('./product/cli/commands/controls.js');
    return [m.pauseCommand(), m.resumeCommand(), m.cancelCommand(), m.budgetCommand()];
  }],
  [['results'], async () => [(await import('./product/cli/commands/results.js')).resultsCommand()]],
  [['rerun'], async () => [(await import('./product/cli/commands/rerun.js')).rerunCommand()]],
  [['compare'], async () => [(await import('./product/cli/commands/compare.js')).compareCommand()]],
  [['diff'], async () => [(await import('./product/cli/commands/diff.js')).diffCommand()]],
  [['schedule'], async () => [(await import('./product/cli/commands/schedule.js')).scheduleCommand()]],
  [['worker'], async () => [(await import('./product/cli/commands/worker.js')).workerCommand()]],
  [['service'], async () => [(await import('./local-service/commands/service.js')).serviceCommand()]],
  [['solve'], async () => [(await import('./local-service/commands/solve.js')).solveCommand()]],
  [['bundle-workflows'], async () => [(await import('./product/cli/commands/bundle-workflows.js')).bundleWorkflowsCommand()], true],
];

const program = new Command()
  .name('sweep')
  .description('Energy-system optimisation studies, run durably on Temporal, and a local planning service.')
  .showHelpAfterError();

const asked = process.argv[2];
const only = COMMANDS.filter(([names]) => asked !== undefined && names.includes(asked));
for (const [, load, hidden] of only.length ? only : COMMANDS) {
  for (const command of await load()) program.addCommand(command, { hidden: hidden === true });
}

// Usage errors (unknown option, bad argument) exit 2, as study files that do not load do; help exits 0.
for (const command of [program, ...program.commands, ...program.commands.flatMap((c) => c.commands)]) command.exitOverride();

try {
  await program.parseAsync(process.argv);
} catch (error) {
  if (error instanceof CommanderError) process.exit(error.exitCode === 0 ? 0 : 2);
  console.error(`sweep: ${(error as Error).message}`);
  process.exit(1);
}
