/**
 * `sweep diff <study> <variant> <variant>`: the fields in which two variants' scenarios differ, read
 * from the service as the solver gets them (each variant's specs workbook) and compared cell by cell
 * (src/product/study/specs-diff.ts). A variant is named by its number or its key.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Command } from 'commander';
import { clientOptions, loadServiceConfig } from '../../../wire/client/config.js';
import { PlanningClient } from '../../../wire/client/index.js';
import type { VariantRecord } from '../../study/results/manifest.js';
import { readVariantRecords } from '../../study/results/records.js';
import { specsDifferences } from '../../study/specs-diff.js';
import { tableLines } from '../table.js';
import { CommandError, EXIT, reported, withStudy } from '../study-handle.js';
import { studyInputOf } from '../study-input.js';

export function diffCommand(): Command {
  return new Command('diff')
    .description('List the fields in which two variants\' scenarios differ, as the service holds them.')
    .argument('<study>', 'the study name')
    .argument('<variant-a>', 'a variant\'s number (#) or key')
    .argument('<variant-b>', 'a variant\'s number (#) or key')
    .addHelpText('after', `
Exit codes: 0 listed, 2 the service is not configured, 3 no such study or variant, 4 unreachable.

Examples:
  $ sweep diff demo-study 0 5
  $ sweep diff demo-study v0003 v0004`)
    .action(reported(async (name: string, first: string, second: string) => {
      const outputDir = await withStudy(name, async ({ handle }) => (await studyInputOf(handle)).study.output);
      const records = [...(await readVariantRecords(outputDir)).values()].sort((x, y) => x.index - y.index);
      const [a, b] = [variantOf(name, records, first, 'variant-a'), variantOf(name, records, second, 'variant-b')];
      let config;
      try {
        config = loadServiceConfig(process.env);
      } catch (error) {
        throw new CommandError((error as Error).message, EXIT.badInput);
      }
      const client = new PlanningClient(clientOptions(config, { maxRetries: 2 }));
      const dir = await mkdtemp(join(tmpdir(), 'sweep-diff-'));
      try {
        const specs = async (v: VariantRecord) => {
          const url = await client.scenarios.specsFileUrl(v.scenarioGuid!);
          if (!url) throw new CommandError(`#${v.index} ${v.key}: the service has no specs file of its scenario ready`, EXIT.notFound);
          const path = join(dir, `${v.key}.xlsx`);
          await client.files.download(url, path);
          return readFile(path);
        };
        const differences = await specsDifferences(await specs(a), await specs(b));
        process.stdout.write(`#${a.index} ${a.label} vs #${b.index} ${b.label}: ${differences.length} field${differences.length === 1 ? '' : 's'} differ\n`);
        if (differences.length) {
          process.stdout.write(`${tableLines(['Sheet', 'Row', 'Name', 'Field', `#${a.index}`, `#${b.index}`], differences.map((d) => [d.sheet, String(d.row), d.name, d.column, d.a, d.b])).join('\n')}\n`);
        }
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    }));
}

function variantOf(study: string, records: VariantRecord[], given: string, argument: string): VariantRecord {
  const found = records.find((r) => r.key === given) ?? (/^#?\d+$/.test(given) ? records.find((r) => r.index === Number(given.replace('#', ''))) : undefined);
  if (!found) throw new CommandError(`${argument}: "${given}" is not a variant of ${study} that has started (its variants have numbers 0 to ${records.length - 1} and keys such as ${records.slice(0, 2).map((r) => r.key).join(', ')})`, EXIT.notFound);
  if (!found.scenarioGuid) throw new CommandError(`${argument}: #${found.index} ${found.key} has no scenario yet`, EXIT.notFound);
  return found;
}
