/** `sweep demo`: the demo study, end to end on this machine (what `npm run demo` runs). */
import { fileURLToPath } from 'node:url';
import { Command } from 'commander';
import { runDemo } from './run-demo.js';

export function demoCommand(): Command {
  const root = fileURLToPath(new URL('../../..', import.meta.url));
  return new Command('demo')
    .description('Run the demo study end to end: Temporal dev server, local service, demo district, worker, study.')
    .option('--study <file>', 'the study to run', `${root}examples/demo-study.yaml`)
    .addHelpText('after', `
Everything persists under .data/ (Temporal's database, the service's database); results go to results/.
Running it again reuses what exists.

Examples:
  $ npm run demo
  $ sweep demo --study examples/demo-study.yaml`)
    .action((options: { study: string }) => runDemo({ root, studyFile: options.study }));
}
