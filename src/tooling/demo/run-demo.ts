/**
 * The demo, end to end on this machine: the Temporal dev server (built with Go the first time) and
 * the local planning service, both persisting under .data/, the demo district as base scenario,
 * a worker, and examples/demo-study.yaml run with its progress shown. Running it again reuses
 * everything that exists: the base scenario, the variant scenarios and their solver jobs.
 */
import { join } from 'node:path';
import { createLogger } from '../../common/logger.js';
import { PlanningClient } from '../../wire/client/index.js';
import { startService } from '../../local-service/server/app.js';
import { serviceLogger } from '../../local-service/server/app.js';
import { loadStudyFile } from '../../product/study/load.js';
import { planLines, planStudy } from '../../product/study/plan.js';
import { connectTemporal, connectWorkerConnection } from '../../product/temporal/connection.js';
import { loadTemporalTarget, plainTarget } from '../../product/temporal/temporal-profile.js';
import { startDevServer, type TemporalServer } from '../../product/temporal/dev-server.js';
import { createStudyWorker } from '../../../worker.js';
import { startStudy } from '../../product/cli/studies.js';
import { followStudy } from '../../product/cli/watch/follow-study.js';
import { ensureDemoBase } from './base-scenario.js';
import { demoCredentials, writeDemoCredentialsFile } from './credentials.js';

const say = (line: string) => process.stderr.write(`${line}\n`);

/** A fixed port when it is free (the same address on every run), any free port otherwise. */
async function preferring<T>(start: (port: number) => Promise<T>, port: number): Promise<T> {
  try {
    return await start(port);
  } catch {
    return start(0);
  }
}

export async function runDemo(options: { root: string; studyFile: string }): Promise<void> {
  const data = join(options.root, '.data');
  say('1/5 Temporal dev server (the first run builds the Temporal CLI with Go: a few minutes)…');
  // A server named by the environment or a profile (TLS, an API key) is used as it is; otherwise a dev server of the demo's own.
  const configured = process.env.TEMPORAL_ADDRESS || process.env.TEMPORAL_PROFILE ? loadTemporalTarget() : undefined;
  const temporalServer: TemporalServer = configured
    ? { address: configured.address, stop: async () => {} }
    : await preferring((port) => startDevServer({ dataDir: join(data, 'temporal'), port, uiPort: port ? port + 1000 : 0 }), 7233);
  const target = configured ?? plainTarget(temporalServer.address);
  say(`    ${temporalServer.address}${temporalServer.uiUrl ? `, UI ${temporalServer.uiUrl}` : ''}`);

  say('2/5 Local planning service…');
  const account = demoCredentials(join(data, 'service'));
  const service = await preferring(
    (port) => startService({ dataDir: join(data, 'service'), users: [account], port, logger: serviceLogger('warn'), solver: { slots: 2 } }),
    18080,
  );
  say(`    ${service.url}`);
  const serviceConfig = { baseUrl: service.url, credentials: account, paths: 'spec' as const, source: 'demo' };
  const client = new PlanningClient({ baseUrl: service.url, credentials: account });

  const teardown: (() => Promise<unknown>)[] = [() => temporalServer.stop(), () => service.close(), () => client.close()];
  try {
    say('3/5 Demo district (base scenario)…');
    const base = await ensureDemoBase(client);
    say(`    ${base.built ? 'built' : 'found'}: project Demo › analysis Base › scenario Demo district`);

    say('4/5 Worker…');
    const taskQueue = 'sweep-demo';
    const connection = await connectWorkerConnection(target);
    const { worker, close } = await createStudyWorker({
      connection, target, taskQueue, service: serviceConfig, log: createLogger({ level: 'warn' }),
    });
    const running = worker.run();
    teardown.unshift(async () => {
      worker.shutdown();
      await running;
      await close();
      await connection.close();
    });

    const study = await loadStudyFile(options.studyFile);
    say(`5/5 Study ${study.name}, ${study.solver.points} Pareto point${study.solver.points === 1 ? '' : 's'} each (${[study.solver.objective1, study.solver.objective2].filter(Boolean).join(' vs ')}):`);
    for (const line of planLines(study, planStudy(study))) say(`    ${line}`);
    const temporal = await connectTemporal(target);
    teardown.unshift(() => temporal.connection.close());
    const started = Date.now();
    const result = await followStudy(await startStudy(temporal, study, options.studyFile, serviceConfig, { taskQueue }));
    say(`\nDone in ${Math.round((Date.now() - started) / 1000)} s: ${result.totals.done} of ${result.totals.variants} variants solved, ${result.totals.failed} failed.`);
    for (const line of result.findings ?? []) say(line);
    say(`Results: ${study.output}`);
    say(`  summary workbook: ${result.summary}`);
    say(`  manifest:         ${result.manifest}`);
    say(`  output zips:      ${join(study.output, 'variants', '<key>', 'results.zip')}`);
    say(`\nOpen the report (plots of every Pareto front and parameter, the table, the failures):\n  ${result.report ?? join(study.output, 'report.html')}`);
    const credentials = writeDemoCredentialsFile(data, service.url, account);
    say(`\nThe demo's servers stop now. To use them yourself, start them on the same data and point sweep at them:`);
    say(`  sweep dev --data-dir ${join(data, 'temporal')} &`);
    say(`  sweep service --data-dir ${join(data, 'service')} --port ${new URL(service.url).port} &`);
    say(`  export SWEEP_CREDENTIALS_FILE=${credentials}   # the demo account (readable by you only)`);
    say('  sweep doctor && sweep worker');
  } finally {
    for (const step of teardown) await step().catch(() => undefined);
  }
}
