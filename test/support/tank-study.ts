/**
 * The small study the command-line tests run: two variants of the fixture's heat tank cost, solved
 * at LOW resolution, written in YAML as an analyst would.
 */
export interface TankStudyOptions {
  name: string;
  /** The project of the base scenario (each test file builds its own). */
  project: string;
  concurrency?: number;
  /** A budget the study outgrows: it waits at it until raised. */
  budgetJobs?: number;
  /** Two Pareto points against CO2 instead of one cost optimum. */
  pareto?: boolean;
}

export function tankStudyYaml(options: TankStudyOptions): string {
  const solver = options.pareto
    ? 'objective1: MIN_LIFE_CYCLE_COST, objective2: MIN_CO2_EMISSIONS, points: 2'
    : 'objective1: MIN_LIFE_CYCLE_COST, points: 1';
  return `
version: 1
name: ${options.name}
base: { project: ${options.project}, analysis: Base analysis, scenario: Base }
destination: { analysis: ${options.name} }
parameters:
  - { name: tank_cost, target: { kind: storageTechnology, name: Heat tank, field: variableInvestmentCost }, values: [10, 20] }
variants: { method: grid }
solver: { ${solver}, temporalResolution: LOW, timeLimit: 2, mipGap: 1 }
${options.budgetJobs === undefined ? '' : `budget: { jobs: ${options.budgetJobs}, waitForRaise: true }\n`}concurrency: ${options.concurrency ?? 2}
output: out-${options.name}
`;
}
