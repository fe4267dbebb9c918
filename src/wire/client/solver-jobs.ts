import { GET_SCENARIOS_DEFAULT_LIMIT, type SolverJob, type SolverJobRequest, solverJobOperations as ops } from '../contract/solver-jobs.js';
import type { RequestOptions } from './client-options.js';
import { crudResource } from './crud-resource.js';

/** Solver jobs are read and deleted one by one, but submitted and listed in batches. */
export class SolverJobs extends crudResource(ops) {
  /** Submits a batch of solver jobs in one request. */
  submit(jobs: SolverJobRequest[], options?: RequestOptions) {
    return this.transport.call(ops.submit, { body: jobs }, options);
  }
  /** Lists the jobs of up to many scenarios in one call, newest first. */
  getScenarios(scenarioGuids: string[], limit?: number, options?: RequestOptions) {
    return this.transport.call(ops.getScenarios, { body: limit === undefined ? { scenarioGuids } : { scenarioGuids, limit } }, options);
  }
  /**
   * The jobs of any number of scenarios: one get-scenarios call per 200 scenarios, with room for
   * `perScenario` jobs each (earlier runs of a nightly study keep theirs).
   */
  async jobsOfScenarios(scenarioGuids: string[], perScenario = 20, options?: RequestOptions): Promise<SolverJob[]> {
    const jobs: SolverJob[] = [];
    for (let i = 0; i < scenarioGuids.length; i += GET_SCENARIOS_DEFAULT_LIMIT) {
      const chunk = scenarioGuids.slice(i, i + GET_SCENARIOS_DEFAULT_LIMIT);
      jobs.push(...(await this.getScenarios(chunk, chunk.length * perScenario, options)));
    }
    return jobs;
  }
  /** Reads the usage counters of the subscription and the user. */
  usage(options?: RequestOptions) {
    return this.transport.call(ops.usage, {}, options);
  }
  /** Asks a job to stop. */
  stop(id: string, options?: RequestOptions) {
    return this.transport.call(ops.stop, { params: { id } }, options);
  }
}
