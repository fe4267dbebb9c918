/**
 * Study files that load but that the base scenario refuses, run as real studies on the Temporal
 * dev server against the local service: each study fails in its setup with an error naming the
 * parameter (or the field of the file) and the rule, and the service holds exactly what it held
 * before — no destination analysis, no variant scenario, no solver job, no write of any kind.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { WorkflowFailedError } from '@temporalio/client';
import { ActivityFailure, ApplicationFailure } from '@temporalio/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allOperations } from '../../src/wire/contract/index.js';
import type { PlanningClient } from '../../src/wire/client/index.js';
import { studyWorkflow } from '../../workflows/index.js';
import { buildScenario } from '../support/scenario-fixture.js';
import { startStudyEnv, type StudyEnv } from '../support/study-env.js';
import { BASE_SCENARIO_CASES } from './base-scenario-files.js';

const DIR = resolve(import.meta.dirname, 'base-scenario-files');

/** Operations that change what the service holds (reads sent as POST are not among them). */
const WRITES = new Set(allOperations.filter((op) => op.method !== 'GET' && !(op.method === 'POST' && op.idempotent)).map((op) => op.id));

let env: StudyEnv;
let client: PlanningClient;
let stopWorker: () => Promise<void>;

beforeAll(async () => {
  env = await startStudyEnv();
  client = env.service.client();
  await buildScenario(client, { projectName: 'Catalogue', scenarioName: 'Base' });
  stopWorker = (await env.startWorker()).stop;
});
afterAll(async () => {
  await stopWorker?.();
  await env?.close();
});

/** Every project, analysis and scenario by name, and the solver jobs of every scenario. */
async function holdings(): Promise<{ scenarios: string[]; jobs: number }> {
  const scenarios: string[] = [];
  const guids: string[] = [];
  for (const project of await client.projects.list()) {
    for (const analysis of await client.analyses.list(project.projectGuid)) {
      scenarios.push(`${project.projectName} / ${analysis.analysisName} /`);
      for (const scenario of await client.scenarios.list(analysis.analysisGuid)) {
        scenarios.push(`${project.projectName} / ${analysis.analysisName} / ${scenario.scenarioName}`);
        guids.push(scenario.scenarioGuid);
      }
    }
  }
  return { scenarios: scenarios.sort(), jobs: (await client.solverJobs.getScenarios(guids)).length };
}

/** How many times each writing operation has been served so far. */
async function writes(): Promise<Record<string, number>> {
  const calls = (await env.service.admin('/calls')) as Record<string, number>;
  return Object.fromEntries(Object.entries(calls).filter(([id]) => WRITES.has(id)));
}

/** The failure the setup activity ended the study with. */
function setupFailure(error: unknown): ApplicationFailure {
  expect(error).toBeInstanceOf(WorkflowFailedError);
  const activity = (error as WorkflowFailedError).cause;
  expect(activity).toBeInstanceOf(ActivityFailure);
  expect((activity as ActivityFailure).activityType).toBe('setupStudy');
  const cause = (activity as ActivityFailure).cause;
  expect(cause).toBeInstanceOf(ApplicationFailure);
  return cause as ApplicationFailure;
}

describe('study files the base scenario refuses', () => {
  it(`are ${BASE_SCENARIO_CASES.length} cases, one file each and every file indexed`, () => {
    expect(BASE_SCENARIO_CASES.length).toBeGreaterThanOrEqual(5);
    expect(readdirSync(DIR).sort()).toEqual(BASE_SCENARIO_CASES.map((c) => c.file).sort());
  });

  for (const c of BASE_SCENARIO_CASES) {
    it(`refuse ${c.file} in setup, naming ${c.names.trim()} and the rule, and create nothing`, async () => {
      // The loader accepts the file: only the base scenario can tell what is wrong with it.
      const { study, file } = env.study(readFileSync(join(DIR, c.file), 'utf8'));
      const [heldBefore, writesBefore] = [await holdings(), await writes()];

      const handle = await env.temporal.workflow.start(studyWorkflow, {
        workflowId: `study/${study.name}`, taskQueue: env.taskQueue, args: [env.input(study, file)],
      });
      const failure = setupFailure(await handle.result().then(() => undefined, (e: unknown) => e));
      expect(failure.type).toBe(c.type);
      expect(failure.nonRetryable).toBe(true);
      expect(failure.message.startsWith(c.names), failure.message).toBe(true);
      expect(failure.message).toMatch(c.rule);

      expect(await writes()).toEqual(writesBefore);
      expect(await holdings()).toEqual(heldBefore);
      expect(heldBefore.scenarios.some((s) => s.includes(study.destination.analysis))).toBe(false);
      expect(existsSync(study.output)).toBe(false);
    }, 60_000);
  }
});
