import { GET_SCENARIOS_DEFAULT_LIMIT, type SolverJob, type SolverJobRequest, solverJobOperations as ops } from '../contract/solver-jobs.js';
import { Resource } from './resource.js';
import type { RequestOptions } from './transport.js';

export class SolverJobs extends Resource {
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
  /** Reads one job with its input and output file addresses. */
  retrieve(id: string, options?: RequestOptions) {
    return this.transport.call(ops.retrieve, { params: { id } }, options);
  }
  /** Deletes a job. */
  delete(id: string, options?: RequestOptions) {
    return this.transport.call(ops.delete, { params: { id } }, options);
  }
  /** Asks a job to stop. */
  stop(id: string, options?: RequestOptions) {
    return this.transport.call(ops.stop, { params: { id } }, options);
  }
}
