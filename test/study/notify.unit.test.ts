/**
 * A scheduled run's notice: the study file's `notify` and `alert` refused by field when wrong, and
 * the activity that posts the notice against a real HTTP server: taken (2xx), retried (5xx, 429:
 * a retryable failure), given up on (any other 4xx: non-retryable), the URL from the worker's
 * environment when the study names a variable, and never the URL in a failure's message.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApplicationFailure } from '@temporalio/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifyActivities } from '../../activities/notify.js';
import { parseStudy } from '../../src/product/study/load.js';
import { problemsOf } from '../support/study-problems.js';

const STUDY = `version: 1
name: nightly
base: { project: Demo, analysis: Base, scenario: Demo district }
destination: { analysis: Nightly }
parameters:
  - { name: gas_price, target: { kind: impex, name: Natural gas, field: energyPriceCHFkWh }, values: [0.08, 0.12] }
solver: { objective1: MIN_LIFE_CYCLE_COST, points: 1, temporalResolution: LOW, timeLimit: 5, mipGap: 1 }
variants: { method: grid }
concurrency: 2
output: out
`;


describe('the study file', () => {
  it('takes a webhook URL or the variable that holds one, and an alert per outcome', () => {
    const study = parseStudy(`${STUDY}notify: { webhook: https://hooks.example.org/nightly }\noutcomes:\n  - { name: lcc, objective: MIN_LIFE_CYCLE_COST, alert: { relative: 0.05, absolute: 1000 } }\n`);
    expect(study.notify).toEqual({ webhook: 'https://hooks.example.org/nightly' });
    expect(study.outcomes).toEqual([{ name: 'lcc', point: 1, objective: 'MIN_LIFE_CYCLE_COST', alert: { relative: 0.05, absolute: 1000 } }]);
    expect(parseStudy(`${STUDY}notify: { webhookEnv: NIGHTLY_HOOK }\n`).notify).toEqual({ webhookEnv: 'NIGHTLY_HOOK' });
  });

  it('refuses a webhook that is not http(s), both or neither of webhook and webhookEnv, and an empty alert, by field', () => {
    expect(problemsOf(`${STUDY}notify: { webhook: ftp://hooks.example.org/x }\n`)).toEqual([expect.objectContaining({ path: 'notify.webhook', message: 'must be an http or https URL' })]);
    expect(problemsOf(`${STUDY}notify: { webhook: 'not a url' }\n`)).toEqual([expect.objectContaining({ path: 'notify.webhook', message: 'must be an http or https URL' })]);
    expect(problemsOf(`${STUDY}notify: {}\n`)).toEqual([expect.objectContaining({ path: 'notify', message: expect.stringMatching(/^must give either webhook/) })]);
    expect(problemsOf(`${STUDY}outcomes:\n  - { name: lcc, objective: MIN_LIFE_CYCLE_COST, alert: {} }\n`)).toEqual([expect.objectContaining({ path: 'outcomes[0].alert', message: expect.stringMatching(/^must give relative/) })]);
    expect(problemsOf(`${STUDY}outcomes:\n  - { name: lcc, objective: MIN_LIFE_CYCLE_COST, alert: { relative: -1 } }\n`)).toEqual([expect.objectContaining({ path: 'outcomes[0].alert.relative', message: 'must be > 0' })]);
  });
});

describe('postDriftNotice', () => {
  const answers: number[] = [];
  const received: unknown[] = [];
  let server: Server;
  let url: string;
  beforeAll(async () => {
    server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        received.push(JSON.parse(body));
        response.writeHead(answers.shift() ?? 204).end();
      });
    });
    await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook?token=s3cret`;
  });
  afterAll(() => new Promise<void>((closed) => server.close(() => closed())));

  const { postDriftNotice } = notifyActivities();
  const notice = { study: 'nightly-20261126t020000', previousRun: '2026-11-25T020000Z', finishedAt: '2026-11-26T02:10:00Z', changes: [], moved: [], report: '/r/report.html' };
  const failureOf = (promise: Promise<unknown>) => promise.then(() => { throw new Error('it was taken'); }, (error: unknown) => error as ApplicationFailure);

  it('posts the notice as JSON and answers the status', async () => {
    expect(await postDriftNotice({ notify: { webhook: url }, notice })).toEqual({ status: 204 });
    expect(received.at(-1)).toEqual(notice);
  });

  it('fails retryably on 5xx and 429, for good on another 4xx, and never names the URL', async () => {
    for (const [status, retryable] of [[503, true], [429, true], [404, false]] as const) {
      answers.push(status);
      const failure = await failureOf(postDriftNotice({ notify: { webhook: url }, notice }));
      expect(failure).toBeInstanceOf(ApplicationFailure);
      expect(failure.nonRetryable).toBe(!retryable);
      expect(failure.message).toBe(`the webhook answered HTTP ${status}`);
      expect(failure.message).not.toContain('s3cret');
    }
  });

  it('fails retryably when the webhook cannot be reached, naming the cause and not the URL', async () => {
    const closed = createServer();
    await new Promise<void>((listening) => closed.listen(0, '127.0.0.1', listening));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((done) => closed.close(() => done()));
    const failure = await failureOf(postDriftNotice({ notify: { webhook: `http://127.0.0.1:${port}/hook?token=s3cret` }, notice }));
    expect(failure).toMatchObject({ nonRetryable: false, message: 'the webhook could not be reached (ECONNREFUSED)' });
  });

  it('reads the URL from the worker\'s environment when the study names a variable, and says when it is not set', async () => {
    process.env.SWEEP_TEST_HOOK = url;
    try {
      expect(await postDriftNotice({ notify: { webhookEnv: 'SWEEP_TEST_HOOK' }, notice })).toEqual({ status: 204 });
    } finally {
      delete process.env.SWEEP_TEST_HOOK;
    }
    const failure = await failureOf(postDriftNotice({ notify: { webhookEnv: 'SWEEP_TEST_HOOK' }, notice }));
    expect(failure).toMatchObject({ nonRetryable: true, message: 'notify.webhookEnv: SWEEP_TEST_HOOK is not set in the worker\'s environment' });
  });
});
