/**
 * Log lines: which study, variants and workflow each concerns (derived from workflow ids and
 * activity inputs, carried through real activity executions of the SDK's MockActivityEnvironment
 * into the lines of the code they call, the planning client's included), the levels of activity
 * outcomes, the SDK's own lines routed through pino, and the two formats (JSON by default, readable
 * on a terminal), secrets redacted in both.
 */
import { execFile, execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { ApplicationFailure, Context } from '@temporalio/activity';
import { MockActivityEnvironment } from '@temporalio/testing';
import { DefaultLogger } from '@temporalio/worker';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { activityLogging, asActivity } from '../../activities/failures.js';
import { NotFoundError, PlanningClient } from '../../src/wire/client/index.js';
import { createLogger, logFormat } from '../../src/common/logger.js';
import { contextualLogger, studyIdOf, variantLogFields } from '../../src/common/log-context.js';
import { temporalLogSink } from '../../src/product/temporal/runtime.js';
import { ALICE, startTestService, type TestService } from '../support/service.js';

const ROOT = join(import.meta.dirname, '..', '..');
const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJlLXNpZ25hdHVyZQ';
const ANSI = /\x1b\[[0-9;]*m/g;

type Entry = Record<string, unknown> & { level: number; msg: string };

/** A logger writing JSON into `lines`, and the entries it wrote. */
function jsonLogger(level = 'debug') {
  const lines: string[] = [];
  const log = createLogger({ level, destination: { write: (line: string) => void lines.push(line) }, format: 'json' });
  return { log, lines, entries: () => lines.map((line) => JSON.parse(line) as Entry) };
}

const batchInfo = {
  activityType: 'submitJobs', attempt: 2, workflowType: 'variantBatchWorkflow',
  workflowExecution: { workflowId: 'study/demo/batch-50', runId: '00000000-0000-0000-0000-000000000001' },
  retryPolicy: { maximumAttempts: 5 },
};

describe('study ids from workflow ids', () => {
  it('take the segment after study/ and ignore the rest', () => {
    expect(studyIdOf('study/demo')).toBe('demo');
    expect(studyIdOf('study/demo/batch-50')).toBe('demo');
    expect(studyIdOf('study/nightly-2/scheduled-2025-06-01T02:00:00Z')).toBe('nightly-2');
    expect(studyIdOf('study/nightly-2/scheduled-2025-06-01T02:00:00Z/batch-0')).toBe('nightly-2');
  });
  it('are absent for workflows that serve no one study', () => {
    expect(studyIdOf('budget-gate/0123456789abcdef')).toBeUndefined();
    expect(studyIdOf('studies/demo')).toBeUndefined();
    expect(studyIdOf(undefined)).toBeUndefined();
  });
});

describe('variant keys from activity inputs', () => {
  it('come from variant or variants, and are bounded', () => {
    expect(variantLogFields({ variant: { key: 'v-1', index: 0 } })).toEqual({ variantKey: 'v-1' });
    expect(variantLogFields({ study: {}, variants: [{ key: 'v-1' }, { key: 'v-2' }] })).toEqual({ variantKeys: ['v-1', 'v-2'] });
    const many = variantLogFields({ variants: Array.from({ length: 150 }, (_, i) => ({ key: `v-${i}` })) });
    expect(many.variantKeys).toHaveLength(100);
    expect(many.variantCount).toBe(150);
    expect(variantLogFields({ jobIds: ['a'] })).toEqual({});
    expect(variantLogFields(undefined)).toEqual({});
    expect(variantLogFields('v-1')).toEqual({});
  });
});

describe('activity log lines', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService();
  });
  afterAll(() => service?.close());

  it('carry the study, variants, workflow and attempt, in the activity code and in the planning client', async () => {
    const { log, entries } = jsonLogger();
    // As the worker builds them: once, from the base logger, and used by every activity.
    const depsLog = contextualLogger(log);
    const client = new PlanningClient({ baseUrl: service.url, credentials: ALICE, logger: depsLog });
    const env = new MockActivityEnvironment(batchInfo, {
      interceptors: [activityLogging(log)], logger: new DefaultLogger('DEBUG', temporalLogSink(log)),
    });
    const answer = await env.run(async (input: { variants: { key: string }[] }) => {
      depsLog.info({ jobs: input.variants.length }, 'submitting');
      Context.current().log.info('through the SDK');
      await client.projects.list();
      return 'done';
    }, { variants: [{ key: 'v-aaa' }, { key: 'v-bbb' }] });
    expect(answer).toBe('done');
    depsLog.info('after the activity');
    await client.close();

    const context = {
      studyId: 'demo', workflowId: 'study/demo/batch-50', workflowType: 'variantBatchWorkflow',
      activityType: 'submitJobs', attempt: 2, variantKeys: ['v-aaa', 'v-bbb'],
    };
    const all = entries();
    const byMsg = (msg: string) => all.filter((e) => e.msg === msg);
    expect(byMsg('activity started')).toEqual([expect.objectContaining({ ...context, level: 20 })]);
    expect(byMsg('activity completed')).toEqual([expect.objectContaining({ ...context, level: 20, durationMs: expect.any(Number) })]);
    expect(byMsg('submitting')).toEqual([expect.objectContaining({ ...context, level: 30, jobs: 2 })]);
    const calls = byMsg('planning-service call');
    expect(calls.map((c) => c.operation)).toEqual(['auth.token', 'projects.list']);
    for (const call of calls) expect(call).toMatchObject(context);
    expect(byMsg('through the SDK')).toEqual([expect.objectContaining({
      level: 30, temporal: 'activity', studyId: 'demo', workflowId: 'study/demo/batch-50', variantKeys: ['v-aaa', 'v-bbb'], activityType: 'submitJobs',
    })]);
    // The SDK's own lifecycle lines would only repeat ours.
    expect(all.filter((e) => /^Activity /.test(e.msg))).toEqual([]);
    const after = byMsg('after the activity')[0];
    expect(after).toBeDefined();
    expect(after).not.toHaveProperty('studyId');
    expect(after).not.toHaveProperty('variantKeys');
  });

  it('log a failure Temporal retries at warn, once, with the attempt', async () => {
    const { log, entries } = jsonLogger();
    const env = new MockActivityEnvironment({ ...batchInfo, activityType: 'ensureVariantScenario' }, {
      interceptors: [activityLogging(log)], logger: new DefaultLogger('DEBUG', temporalLogSink(log)),
    });
    await expect(env.run(async (_input: unknown) => {
      throw new Error('connection reset');
    }, { variant: { key: 'v-one' } })).rejects.toThrow('connection reset');
    const failures = entries().filter((e) => e.level >= 40);
    expect(failures).toEqual([expect.objectContaining({
      level: 40, msg: 'activity failed; Temporal will retry it', retryable: true, attempt: 2, variantKey: 'v-one',
      studyId: 'demo', workflowId: 'study/demo/batch-50', errorType: 'Error', error: 'connection reset', durationMs: expect.any(Number),
    })]);
  });

  it('log a failure that is not retried at error: a rule violation through asActivity, or the last attempt', async () => {
    const { log, entries } = jsonLogger();
    const env = new MockActivityEnvironment(batchInfo, { interceptors: [activityLogging(log)], logger: new DefaultLogger('DEBUG', temporalLogSink(log)) });
    await expect(env.run(() => asActivity(async () => {
      throw new NotFoundError({ status: 404, method: 'GET', path: '/app-service/scenarios/x', message: 'no such scenario', retryable: false });
    }))).rejects.toBeInstanceOf(ApplicationFailure);
    const last = new MockActivityEnvironment({ ...batchInfo, attempt: 5 }, { interceptors: [activityLogging(log)], logger: new DefaultLogger('DEBUG', temporalLogSink(log)) });
    await expect(last.run(async () => {
      throw new Error('still failing');
    })).rejects.toThrow('still failing');

    const failures = entries().filter((e) => e.level >= 40);
    expect(failures).toEqual([
      expect.objectContaining({ level: 50, msg: 'activity failed; no more retries', retryable: false, errorType: 'NotFoundError', attempt: 2, studyId: 'demo' }),
      expect.objectContaining({ level: 50, msg: 'activity failed; no more retries', retryable: false, errorType: 'Error', attempt: 5, studyId: 'demo' }),
    ]);
  });
});

describe("the SDK's log entries, through pino", () => {
  const at = (level: 'TRACE' | 'DEBUG' | 'INFO' | 'WARN' | 'ERROR', message: string, meta: Record<string, unknown>) =>
    ({ level, message, meta, timestampNanos: 0n });

  it("let workflow code's lines through at the logger's level, with the study; the SDK's own only from warnings", () => {
    const { log, entries } = jsonLogger('debug');
    const sink = temporalLogSink(log);
    const workflow = { workflowId: 'study/demo/batch-0', workflowType: 'variantBatchWorkflow', runId: 'r', namespace: 'default', taskQueue: 'q' };
    sink(at('INFO', 'batch begins', { ...workflow, sdkComponent: 'workflow', variants: 3 }));
    sink(at('DEBUG', 'batch detail', { ...workflow, sdkComponent: 'workflow' }));
    sink(at('INFO', 'Worker state changed', { sdkComponent: 'worker', state: 'RUNNING' }));
    sink(at('DEBUG', 'Workflow started', { ...workflow, sdkComponent: 'worker' }));
    sink(at('INFO', 'polling', { sdkComponent: 'core' }));
    sink(at('WARN', 'Workflow failed', { ...workflow, sdkComponent: 'worker', error: new Error('boom') }));
    sink(at('WARN', 'connection lost', { sdkComponent: 'core' }));
    sink(at('INFO', 'gate granted', { workflowId: 'budget-gate/abc', sdkComponent: 'workflow' }));

    const all = entries();
    expect(all.map((e) => e.msg)).toEqual(['batch begins', 'batch detail', 'Workflow failed', 'connection lost', 'gate granted']);
    expect(all[0]).toMatchObject({ level: 30, studyId: 'demo', workflowId: 'study/demo/batch-0', workflowType: 'variantBatchWorkflow', variants: 3, temporal: 'workflow' });
    expect(all[0]).not.toHaveProperty('taskQueue');
    expect(all[2]).toMatchObject({ level: 40, studyId: 'demo', err: { type: 'Error', message: 'boom' } });
    expect(all[3]).toMatchObject({ level: 40, temporal: 'core' });
    expect(all[4]).not.toHaveProperty('studyId');
  });

  it("keep workflow code's debug lines out at info", () => {
    const { log, entries } = jsonLogger('info');
    temporalLogSink(log)(at('DEBUG', 'batch detail', { sdkComponent: 'workflow', workflowId: 'study/demo' }));
    expect(entries()).toEqual([]);
  });
});

describe('log formats', () => {
  const secretObject = { password: ALICE.password, credentials: ALICE, answer: { access_token: JWT }, req: { headers: { authorization: `Bearer ${JWT}` } } };
  const expectNoSecret = (text: string) => {
    expect(text).not.toContain(ALICE.password);
    expect(text).not.toContain(JWT);
    expect(text).toContain('[redacted]');
  };

  it('is pretty exactly on a terminal, unless SWEEP_LOG_FORMAT says', () => {
    expect(logFormat({}, true)).toBe('pretty');
    expect(logFormat({}, false)).toBe('json');
    expect(logFormat({ SWEEP_LOG_FORMAT: 'json' }, true)).toBe('json');
    expect(logFormat({ SWEEP_LOG_FORMAT: 'pretty' }, false)).toBe('pretty');
    expect(logFormat({ SWEEP_LOG_FORMAT: 'fancy' }, false)).toBe('json');
  });

  it('writes readable lines to a terminal, the context first, secrets redacted', () => {
    const lines: string[] = [];
    const log = createLogger({ level: 'debug', destination: { write: (line: string) => void lines.push(line), isTTY: true } });
    log.child({ studyId: 'demo', workflowId: 'study/demo/batch-0' }).warn({ variantKey: 'v-1', status: 503, note: 'two words' }, 'retrying planning-service call');
    log.error(secretObject, 'login failed');
    log.error({ err: new Error('boom') }, 'activity failed');
    const text = lines.join('').replace(ANSI, '');
    const [first, second, third, stack] = text.split('\n');
    expect(first).toMatch(/^\d\d:\d\d:\d\d\.\d{3} WARN  retrying planning-service call  studyId=demo variantKey=v-1 workflowId=study\/demo\/batch-0 status=503 note="two words"$/);
    expect(second).toMatch(/^\d\d:\d\d:\d\d\.\d{3} ERROR login failed  password=\[redacted\] credentials=\[redacted\] answer=\{"access_token":"\[redacted\]"\}/);
    expect(third).toMatch(/ERROR activity failed  err="Error: boom"$/);
    expect(stack).toMatch(/^ {4}at /);
    expectNoSecret(text);
  });

  it('writes JSON lines elsewhere, and on a terminal when SWEEP_LOG_FORMAT=json, secrets redacted', () => {
    for (const [isTTY, format] of [[false, undefined], [true, 'json']] as const) {
      if (format) vi.stubEnv('SWEEP_LOG_FORMAT', format);
      const lines: string[] = [];
      const log = createLogger({ destination: { write: (line: string) => void lines.push(line), isTTY } });
      log.child({ studyId: 'demo' }).warn(secretObject, 'login failed');
      vi.unstubAllEnvs();
      expect(lines).toHaveLength(1);
      expect(JSON.parse(lines[0])).toMatchObject({ level: 40, msg: 'login failed', studyId: 'demo', password: '[redacted]' });
      expectNoSecret(lines[0]);
    }
  });

  const hasScript = (() => {
    try {
      execFileSync('script', ['--version'], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  })();

  /** Runs a logger made with no destination in a child process, its stderr a terminal when `tty`. */
  function childLog(tty: boolean): Promise<string> {
    const code = `import('./src/common/logger.ts').then(({ createLogger }) => createLogger().info({ studyId: 'demo', password: '${ALICE.password}' }, 'hello'))`;
    const node = [process.execPath, '--import', 'tsx', '-e', code];
    const env = { ...process.env, SWEEP_LOG_FORMAT: '', SWEEP_LOG_LEVEL: 'info', NO_COLOR: '1' };
    return new Promise((resolve, reject) => {
      const [command, args] = tty
        ? ['script', ['-qec', node.map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' '), '/dev/null']]
        : [node[0], node.slice(1)];
      execFile(command as string, args as string[], { cwd: ROOT, env }, (error, stdout, stderr) => (error ? reject(error) : resolve(stdout + stderr)));
    });
  }

  it.skipIf(!hasScript)("picks the format from stderr itself: pretty on a real terminal, JSON on a pipe", async () => {
    const onTerminal = await childLog(true);
    expect(onTerminal.trim()).toMatch(/^\d\d:\d\d:\d\d\.\d{3} INFO  hello  studyId=demo password=\[redacted\]$/);
    const onPipe = await childLog(false);
    expect(JSON.parse(onPipe)).toMatchObject({ level: 30, msg: 'hello', studyId: 'demo', password: '[redacted]' });
    for (const text of [onTerminal, onPipe]) expect(text).not.toContain(ALICE.password);
  }, 30_000);
});
