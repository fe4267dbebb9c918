/**
 * Determinism and long histories. A study long enough to continue as new (the test server
 * suggests it after 40 events) finishes across several runs; the histories of all its runs, its
 * batches and the budget gate replay against the current workflow code; and histories recorded
 * from earlier versions (test/fixtures/histories) replay too, so a change that would break running
 * studies fails here. RECORD_HISTORIES=1 refreshes the recorded ones.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Client } from '@temporalio/client';
import { historyFromJSON, historyToJSON } from '@temporalio/common/lib/proto-utils';
import type { temporal } from '@temporalio/proto';
import { Worker } from '@temporalio/worker';
import { describe, expect, it } from 'vitest';
import { workflowBundle } from '../../src/temporal/workflow-bundle.js';
import { studyWorkflow } from '../../workflows/index.js';
import { type StudyEnv, useStudyEnvWithWorker } from '../support/study-env.js';

const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'histories');

let env: StudyEnv;
useStudyEnvWithWorker('Replay', (started) => (env = started));

/** Every run of every workflow whose id matches the query, with its history. */
async function histories(client: Client, query: string) {
  const out: { workflowId: string; runId: string; history: temporal.api.history.v1.IHistory }[] = [];
  for await (const execution of client.workflow.list({ query })) {
    out.push({ workflowId: execution.workflowId, runId: execution.runId, history: await client.workflow.getHandle(execution.workflowId, execution.runId).fetchHistory() });
  }
  return out;
}

async function replay(items: { workflowId: string; history: temporal.api.history.v1.IHistory }[]) {
  const failures: string[] = [];
  for await (const result of Worker.runReplayHistories({ workflowBundle: await workflowBundle() }, items.map((i) => ({ workflowId: i.workflowId, history: i.history })))) {
    if (result.error) failures.push(`${result.workflowId}: ${result.error.message}`);
  }
  return failures;
}

describe('long studies and replay', () => {
  it('continue as new across runs, and every history replays against the current code', async () => {
    const { study, file } = env.study(`
version: 1
name: replayed
base: { project: Replay, analysis: Base analysis, scenario: Base }
destination: { analysis: Replayed }
parameters:
  - { name: tank_cost, target: { kind: storageTechnology, name: Heat tank, field: variableInvestmentCost }, values: [10, 20, 30, 40, 50, 60] }
variants: { method: grid }
solver: { objective1: MIN_LIFE_CYCLE_COST, points: 1, temporalResolution: LOW, timeLimit: 2, mipGap: 1 }
concurrency: 1
output: out-replayed
`);
    const handle = await env.temporal.workflow.start(studyWorkflow, { workflowId: `study/${study.name}`, taskQueue: env.taskQueue, args: [env.input(study, file)] });
    const result = await handle.result();
    expect(result.totals).toEqual({ variants: 6, done: 6, failed: 0, pending: 0 });

    const studyRuns = await histories(env.temporal, `WorkflowId = '${handle.workflowId}'`);
    expect(studyRuns.length).toBeGreaterThan(1);
    const batches = await histories(env.temporal, `WorkflowId STARTS_WITH '${handle.workflowId}/batch-'`);
    expect(batches).toHaveLength(6);
    const gate = await histories(env.temporal, `WorkflowId = '${env.gateId}'`);
    expect(gate.length).toBeGreaterThan(0);
    const all = [...studyRuns, ...batches, ...gate];
    expect(await replay(all)).toEqual([]);

    if (process.env.RECORD_HISTORIES) {
      mkdirSync(FIXTURES, { recursive: true });
      for (const [i, item] of all.entries()) {
        const kind = item.workflowId.includes('/batch-') ? 'batch' : item.workflowId.startsWith('budget-gate') ? 'gate' : 'study';
        // The workflow id is part of the fixture: workflows derive ids (children, budget requests) from it.
        writeFileSync(join(FIXTURES, `${kind}-${i}.json`), JSON.stringify({ workflowId: item.workflowId, history: JSON.parse(historyToJSON(item.history)) }));
      }
    }
  }, 300_000);

  it('replays the histories recorded from earlier versions of the workflows', async () => {
    const files = existsSync(FIXTURES) ? readdirSync(FIXTURES).filter((f) => f.endsWith('.json')) : [];
    expect(files.length).toBeGreaterThan(0);
    const recorded = files.map((f) => {
      const fixture = JSON.parse(readFileSync(join(FIXTURES, f), 'utf8')) as { workflowId: string; history: unknown };
      return { workflowId: fixture.workflowId, history: historyFromJSON(fixture.history) };
    });
    expect(await replay(recorded)).toEqual([]);
  }, 120_000);
});
