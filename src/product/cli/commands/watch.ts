/** `sweep watch <study>`: live progress until the study ends. */
import { Command } from 'commander';
import { followStudy } from '../watch/follow-study.js';
import { reported, withStudy } from '../study-handle.js';
import { ended } from '../study-ending.js';

export function watchCommand(): Command {
  return new Command('watch')
    .description('Follow a study until it ends: a bar per stage, counts, failures and time left on a terminal; plain lines elsewhere.')
    .argument('<study>', 'the study name')
    .addHelpText('after', '\nExample:\n  $ sweep watch demo-study')
    .action(reported(async (name: string) => withStudy(name, async ({ handle }) => {
      const result = await ended(name, handle, followStudy(handle));
      for (const line of result.findings ?? []) process.stdout.write(`${line}\n`);
      process.stdout.write(`results: manifest ${result.manifest}, summary ${result.summary}\n`);
    })));
}
