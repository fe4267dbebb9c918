/**
 * The sampling designs of the sensitivity methods, drawn from a study's variant options: Morris
 * trajectories (with groups of parameters moving together) and Saltelli's A, B and A_B matrices
 * for Sobol indices. Points are in [0, 1] per parameter; expansion maps them onto the ranges.
 * Pure and deterministic: workflow code draws them on every replay.
 */
import { type MorrisDesign, morrisDesign } from './analysis/morris.js';
import { type SaltelliDesign, saltelliDesign } from './analysis/sobol.js';

/** Parameters that move together in a Morris study: one elementary effect for the group. */
export interface ParameterGroup {
  name: string;
  parameters: string[];
}

export interface MorrisSpec {
  trajectories: number;
  levels: number;
  /** Absent: every parameter is a group of its own. */
  groups: ParameterGroup[] | null;
}

/** What a design reads of the study's variant options. */
export interface DesignOptions {
  method: string;
  samples: number | null;
  seed: number | null;
  morris?: MorrisSpec | null;
}

/** The groups of a Morris study in order: the named groups first, then each ungrouped parameter alone. */
export function morrisGroups(spec: MorrisSpec, parameters: readonly string[]): ParameterGroup[] {
  const named = spec.groups ?? [];
  const grouped = new Set(named.flatMap((g) => g.parameters));
  return [...named, ...parameters.filter((p) => !grouped.has(p)).map((p) => ({ name: p, parameters: [p] }))];
}

export function morrisDesignOf(options: DesignOptions, parameters: readonly string[]): { design: MorrisDesign; groups: ParameterGroup[] } {
  const spec = options.morris!;
  const groups = morrisGroups(spec, parameters);
  const groupOf = parameters.map((p) => groups.findIndex((g) => g.parameters.includes(p)));
  const design = morrisDesign({
    factors: parameters.length, trajectories: spec.trajectories, levels: spec.levels, seed: options.seed ?? 0,
    ...(spec.groups?.length ? { groups: groupOf } : {}),
  });
  return { design, groups };
}

export function saltelliDesignOf(options: DesignOptions, parameters: readonly string[]): SaltelliDesign {
  return saltelliDesign({ factors: parameters.length, samples: options.samples!, seed: options.seed ?? 0 });
}

/** The design's rows, in [0, 1] per parameter, in the design's own order. */
export function designRowsOf(options: DesignOptions, parameters: readonly string[]): number[][] {
  if (options.method === 'morris') return morrisDesignOf(options, parameters).design.points;
  if (options.method === 'sobol') return saltelliDesignOf(options, parameters).points;
  throw new RangeError(`method ${options.method} has no sampling design`);
}

/** The number of runs the design asks for, repeated points included: Morris r(g + 1), Sobol N(k + 2). */
export function designRuns(options: DesignOptions, parameters: readonly string[]): number {
  if (options.method === 'morris') return options.morris!.trajectories * (morrisGroups(options.morris!, parameters).length + 1);
  if (options.method === 'sobol') return options.samples! * (parameters.length + 2);
  throw new RangeError(`method ${options.method} has no sampling design`);
}
