/**
 * The baseline a benchmark is measured against: the loop an analyst scripts today, one variant at
 * a time — copy the base, patch it, regenerate its specs and poll for them every 5 s, submit its
 * job and poll it every 10 s, download the output — with those waits scaled by the same factor as
 * the benchmark's solve delay. It uses the same client and patching code as the study, so the
 * difference measured is the orchestration, not the calls themselves.
 */
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { TERMINAL_JOB_STATUSES, type SolverJobStatus } from '../../wire/contract/values.js';
import type { PlanningClient } from '../../wire/client/index.js';
import { expandVariants } from '../../product/study/expand.js';
import { applyAssignment } from '../../product/study/patch/index.js';
import type { Study } from '../../product/study/schema.js';

/** What an analyst's script sleeps between polls, in a world where a solve takes `REAL_SOLVE_SECONDS`. */
export const ANALYST_SPECS_POLL_MS = 5_000;
export const ANALYST_JOB_POLL_MS = 10_000;

export interface AnalystLoopResult {
  wallSeconds: number;
  specsPollMs: number;
  jobPollMs: number;
  variantsDone: number;
}

/** Runs every variant of `study` through the loop, into a destination analysis of its own. */
export async function analystLoop(client: PlanningClient, study: Study, options: { scale: number; outputDir: string }): Promise<AnalystLoopResult> {
  const specsPollMs = Math.round(ANALYST_SPECS_POLL_MS * options.scale);
  const jobPollMs = Math.round(ANALYST_JOB_POLL_MS * options.scale);
  const project = (await client.projects.list()).find((p) => p.projectName === study.base.project)!;
  const analysis = (await client.analyses.list(project.projectGuid)).find((a) => a.analysisName === study.base.analysis)!;
  const base = (await client.scenarios.list(analysis.analysisGuid)).find((s) => s.scenarioName === study.base.scenario)!;
  const destination = await client.analyses.create(project.projectGuid, `${study.destination.analysis} (analyst loop)`);

  const started = performance.now();
  let done = 0;
  for (const variant of expandVariants(study)) {
    const { scenarioGuid } = await client.scenarios.copy(base.scenarioGuid, { name: variant.name, analysisDestinationGuid: destination.analysisGuid });
    await applyAssignment(client, { baseScenarioGuid: base.scenarioGuid, scenarioGuid, parameters: study.parameters, assignment: variant.assignment });
    await client.scenarios.generateSpecs([scenarioGuid]);
    do await sleep(specsPollMs);
    while (!(await client.scenarios.specsFileUrl(scenarioGuid)));
    const [job] = await client.solverJobs.submit([{
      name: `${study.name}/${variant.key}/loop`, scenarioGuid, objective1: study.solver.objective1, objective2: study.solver.objective2,
      points: study.solver.points, temporalResolution: study.solver.temporalResolution, timeLimit: study.solver.timeLimit, mipGap: study.solver.mipGap,
    }]);
    let detail;
    do {
      await sleep(jobPollMs);
      detail = await client.solverJobs.retrieve(job.id);
    } while (!TERMINAL_JOB_STATUSES.includes(detail.status as SolverJobStatus));
    if (detail.outputFile) {
      await client.files.download(detail.outputFile, join(options.outputDir, variant.key, 'results.zip'));
      done++;
    }
  }
  return { wallSeconds: (performance.now() - started) / 1000, specsPollMs, jobPollMs, variantsDone: done };
}
