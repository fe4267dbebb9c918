/**
 * `sweep plan <study-file>` as an analyst types it (a process, against the local service): what a
 * study will take before anything is spent, for each example; a study its budget cannot hold and an
 * outcome naming what the base scenario lacks, each refused with the file's line and nothing created.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type StudyEnv, useStudyEnvWithWorker } from '../support/study-env.js';
import { sweep } from '../support/sweep-cli.js';

let env: StudyEnv;
useStudyEnvWithWorker('PlanCli', (started) => (env = started));

const EXAMPLES = resolve(import.meta.dirname, '../../examples');

/** An environment without any planning-service configuration: no variables, an empty config directory. */
function unconfigured(): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('SWEEP_SERVICE_')));
  return { ...env, XDG_CONFIG_HOME: mkdtempSync(join(tmpdir(), 'sweep-config-')) };
}

const study = (name: string, outcomes: string, budget = 'budget: { jobs: 20 }') => `
version: 1
name: ${name}
base: { project: PlanCli, analysis: Base analysis, scenario: Base }
destination: { analysis: ${name} }
parameters:
  - { name: gas_price, target: { kind: impex, name: Gas supply, field: energyPriceCHFkWh }, range: { min: 0.05, max: 0.2 } }
  - { name: boiler_cost, target: { kind: conversionTechnology, name: Gas boiler, field: variableInvestmentCost }, range: { min: 100, max: 400 } }
outcomes:
${outcomes}
variants: { method: morris, trajectories: 4, seed: 1 }
solver: { objective1: MIN_LIFE_CYCLE_COST, points: 1, temporalResolution: LOW, timeLimit: 2, mipGap: 1 }
${budget}
concurrency: 2
output: out-${name}
`;

describe('sweep plan', () => {
  it('says what each example takes against its budget, and that names are checked at the start when no service is configured', async () => {
    const morris = await sweep(['plan', join(EXAMPLES, 'sensitivity-study.yaml')], {}, unconfigured());
    expect(morris.code, morris.stderr).toBe(0);
    expect(morris.stdout).toBe([
      'plan for sensitivity-study: Morris elementary effects, 5 parameters',
      '  design     6 trajectories × (5 parameters + 1) = 36 runs on 4 levels: 36 distinct variants',
      '  jobs       36 solver jobs, one per variant; each may take 5 min: 180 solver minutes',
      '  budget     40 jobs, unlimited minutes: fits (4 jobs to spare)',
      '',
    ].join('\n'));
    expect(morris.stderr).toMatch(/^note: no planning-service configuration here: the names in the study are checked against the base scenario when it starts/);
    const search = await sweep(['plan', join(EXAMPLES, 'tipping-point-study.yaml')], {}, unconfigured());
    expect(search.code).toBe(0);
    expect(search.stdout).toContain('  jobs       at most 10 solver jobs, one per variant; each may take 5 min: at most 50 solver minutes');
    expect(search.stdout).toContain('  searches   1, each moving gas_price over 0.03 to 0.15 CHF/kWh');
  });

  it('reads the account\'s use this week from the service', async () => {
    const { file } = env.study(study('plan-usage', '  - { name: lcc, objective: MIN_LIFE_CYCLE_COST }'));
    const planned = await sweep(['plan', file], env.cliEnv());
    expect(planned.code, planned.stderr).toBe(0);
    expect(planned.stdout).toMatch(/  this week  the account has used \d+ solver jobs? and \d+ solver minutes?/);
  });

  it('refuses a study its budget cannot hold, saying what would fit', async () => {
    // Written as it is: the test environment's own loader would refuse it before sweep sees it.
    const file = join(env.dir, 'plan-over.yaml');
    writeFileSync(file, study('plan-over', '  - { name: lcc, objective: MIN_LIFE_CYCLE_COST }', 'budget: { jobs: 9 }'));
    const planned = await sweep(['plan', file], env.cliEnv());
    expect(planned.code).toBe(2);
    expect(planned.stderr).toMatch(new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:\\d+: budget.jobs: cannot hold the study: it needs 1[0-2] solver jobs and the budget holds 9 jobs; r = 3 trajectories fit in 9 jobs`));
    const run = await sweep(['run', file], env.cliEnv());
    expect(run.code).toBe(2);
  });

  it('refuses an outcome naming what the base scenario lacks, with the line and the nearest names, and creates nothing', async () => {
    const text = study('plan-names', '  - { name: hp, capacity: { technology: Heat pmup, hub: Hub A } }\n  - { name: gas, energy: { carrier: Natural gaz, direction: import } }');
    const { file } = env.study(text);
    const line = (needle: string) => text.split('\n').findIndex((l) => l.includes(needle)) + 1;
    for (const command of ['plan', 'run']) {
      const refused = await sweep([command, file], env.cliEnv());
      expect(refused.code, refused.stderr).toBe(2);
      const lines = refused.stderr.trim().split('\n');
      expect(lines).toEqual([
        `${file}:${line('Heat pmup')}: outcomes[0].capacity.technology: the base scenario has no technology, network link, import or export "Heat pmup"; did you mean Heat pump?`,
        `${file}:${line('Natural gaz')}: outcomes[1].energy.carrier: the base scenario has no energy carrier "Natural gaz"; did you mean Natural gas?`,
      ]);
    }
    const client = env.service.client();
    const project = (await client.projects.list()).find((p) => p.projectName === 'PlanCli')!;
    expect((await client.analyses.list(project.projectGuid)).map((a) => a.analysisName)).not.toContain('plan-names');
    await expect(env.temporal.workflow.getHandle('study/plan-names').describe()).rejects.toThrow(/not found/i);
  });
});
