/**
 * Two studies' results side by side: which inputs differ (solver settings, each parameter's target
 * and values, the study files' settings), which variants match, and for each matched variant how
 * each objective moved at each Pareto point and how each outcome moved.
 *
 * Variants match on the values of the parameters both studies sweep (more than one value in each).
 * A parameter that holds one value in a study (a gas price set for the whole run) is an input of
 * that study, compared as such, so two runs that differ only in it still match variant for variant.
 */
import { objectiveLabel } from './objective-labels.js';
import { objectivesIn } from './summary-workbook.js';
import type { Table } from './table.js';
import type { StudyResults, VariantSummary } from './variant-summary.js';

export interface InputDifference {
  input: string;
  a: string;
  b: string;
}

export interface PointMove {
  point: number;
  objective: string;
  a: number;
  b: number;
}

export interface OutcomeMove {
  outcome: string;
  unit: string;
  a: number | string | undefined;
  b: number | string | undefined;
}

export interface MatchedVariant {
  /** The values of the parameters the match is on. */
  on: Record<string, string>;
  a: VariantSummary;
  b: VariantSummary;
  points: PointMove[];
  outcomes: OutcomeMove[];
}

export interface Comparison {
  inputs: InputDifference[];
  /** The parameters variants are matched on. */
  matchedOn: string[];
  matched: MatchedVariant[];
  onlyA: VariantSummary[];
  onlyB: VariantSummary[];
  objectives: string[];
}

const text = (value: unknown): string => (value === undefined || value === null ? '–' : typeof value === 'object' ? JSON.stringify(value) : String(value));

/** Distinct values of a parameter in a study, in the order variants have them. */
function valuesOf(manifest: StudyResults, parameter: string): string[] {
  return [...new Set(manifest.variants.map((v) => v.parameters[parameter]).filter((v) => v !== undefined).map(String))];
}

export function compareManifests(a: StudyResults, b: StudyResults): Comparison {
  const inputs: InputDifference[] = [];
  const differ = (input: string, x: unknown, y: unknown) => {
    if (text(x) !== text(y)) inputs.push({ input, a: text(x), b: text(y) });
  };
  for (const field of ['objective1', 'objective2', 'temporalResolution', 'points', 'timeLimit', 'mipGap'] as const) differ(`solver: ${field}`, a.solver[field], b.solver[field]);
  const parameters = [...new Set([...a.parameters.map((p) => p.name), ...b.parameters.map((p) => p.name)])];
  for (const name of parameters) {
    const [pa, pb] = [a.parameters.find((p) => p.name === name), b.parameters.find((p) => p.name === name)];
    if (!pa || !pb) {
      differ(`parameter ${name}`, pa ? `${pa.operation} ${pa.target}` : 'not in the study', pb ? `${pb.operation} ${pb.target}` : 'not in the study');
      continue;
    }
    differ(`parameter ${name}: target`, `${pa.operation} ${pa.target}`, `${pb.operation} ${pb.target}`);
    differ(`parameter ${name}: values`, valuesOf(a, name).join(', '), valuesOf(b, name).join(', '));
  }
  const outcomes = [...new Set([...(a.outcomes ?? []), ...(b.outcomes ?? [])].map((o) => o.name))];
  for (const name of outcomes) {
    const [oa, ob] = [a.outcomes?.find((o) => o.name === name), b.outcomes?.find((o) => o.name === name)];
    differ(`outcome ${name}`, oa ? JSON.stringify(oa) : 'not in the study', ob ? JSON.stringify(ob) : 'not in the study');
  }
  differ('method', a.method ?? 'grid', b.method ?? 'grid');

  const swept = (m: StudyResults, name: string) => valuesOf(m, name).length > 1;
  const matchedOn = parameters.filter((name) => swept(a, name) && swept(b, name));
  const keyOf = (v: VariantSummary) => JSON.stringify(matchedOn.map((name) => text(v.parameters[name])));
  const inB = new Map<string, VariantSummary>();
  for (const v of b.variants) if (!inB.has(keyOf(v))) inB.set(keyOf(v), v);
  const objectives = [...new Set([...objectivesIn(a), ...objectivesIn(b)])];
  const matched: MatchedVariant[] = [];
  const onlyA: VariantSummary[] = [];
  const taken = new Set<VariantSummary>();
  for (const va of a.variants) {
    const vb = inB.get(keyOf(va));
    if (!vb || taken.has(vb)) {
      onlyA.push(va);
      continue;
    }
    taken.add(vb);
    matched.push({
      on: Object.fromEntries(matchedOn.map((name) => [name, text(va.parameters[name])])),
      a: va, b: vb, points: pointMoves(va, vb, objectives), outcomes: outcomeMoves(va, vb, outcomes),
    });
  }
  return { inputs, matchedOn, matched, onlyA, onlyB: b.variants.filter((v) => !taken.has(v)), objectives };
}

/** Each objective at each Pareto point both variants have. */
function pointMoves(a: VariantSummary, b: VariantSummary, objectives: string[]): PointMove[] {
  const moves: PointMove[] = [];
  for (const sa of a.solutions) {
    const sb = b.solutions.find((s) => s.index === sa.index);
    if (!sb) continue;
    for (const objective of objectives) {
      if (sa.objectives[objective] !== undefined && sb.objectives[objective] !== undefined) {
        moves.push({ point: sa.index, objective, a: sa.objectives[objective], b: sb.objectives[objective] });
      }
    }
  }
  return moves;
}

function outcomeMoves(a: VariantSummary, b: VariantSummary, outcomes: string[]): OutcomeMove[] {
  const valueOf = (v: VariantSummary, name: string) => {
    const value = v.outcomes?.[name];
    return value && 'value' in value ? value : undefined;
  };
  return outcomes.map((outcome) => {
    const [x, y] = [valueOf(a, outcome), valueOf(b, outcome)];
    return { outcome, unit: x?.unit ?? y?.unit ?? '', a: x?.value, b: y?.value };
  });
}

/** The relative change from a to b, or undefined where it means nothing (from zero, or not numbers). */
export function relativeChange(a: unknown, b: unknown): number | undefined {
  return typeof a === 'number' && typeof b === 'number' && a !== 0 ? (b - a) / Math.abs(a) : undefined;
}

export function inputsTable(comparison: Comparison): Table {
  return {
    columns: [{ header: 'Input' }, { header: 'A' }, { header: 'B' }],
    rows: comparison.inputs.map((d) => [d.input, d.a, d.b]),
  };
}

/** One row per matched variant and Pareto point (objectives) and one per matched variant for its outcomes. */
export function movesTable(comparison: Comparison): Table {
  const columns = [
    ...comparison.matchedOn.map((name) => ({ header: name })), { header: 'Variant # (A)', numeric: true }, { header: 'Variant # (B)', numeric: true },
    { header: 'Status (A)' }, { header: 'Status (B)' }, { header: 'Quantity' }, { header: 'Unit' }, { header: 'A', numeric: true }, { header: 'B', numeric: true },
    { header: 'B − A', numeric: true }, { header: 'Change [%]', numeric: true },
  ];
  const rows: Table['rows'] = [];
  for (const m of comparison.matched) {
    const head = [...comparison.matchedOn.map((name) => m.on[name]), m.a.index, m.b.index, m.a.status, m.b.status];
    const row = (quantity: string, unit: string, a: number | string | undefined, b: number | string | undefined) => {
      const change = relativeChange(a, b);
      rows.push([...head, quantity, unit, a, b, typeof a === 'number' && typeof b === 'number' ? b - a : undefined, change === undefined ? undefined : 100 * change]);
    };
    for (const p of m.points) row(`${objectiveLabel(p.objective).name}, point ${p.point}`, objectiveLabel(p.objective).unit, p.a, p.b);
    for (const o of m.outcomes) row(o.outcome, o.unit, o.a, o.b);
    if (!m.points.length && !m.outcomes.length) row('(no result in one of them)', '', undefined, undefined);
  }
  return { columns, rows };
}

/** Variants of one study that the other has no match for. */
export function unmatchedTable(comparison: Comparison): Table {
  const parameters = [...new Set([...comparison.onlyA, ...comparison.onlyB].flatMap((v) => Object.keys(v.parameters)))];
  return {
    columns: [{ header: 'Study' }, { header: 'Variant #', numeric: true }, { header: 'Label' }, ...parameters.map((header) => ({ header }))],
    rows: [
      ...comparison.onlyA.map((v) => ['A', v.index, v.label, ...parameters.map((p) => text(v.parameters[p]))]),
      ...comparison.onlyB.map((v) => ['B', v.index, v.label, ...parameters.map((p) => text(v.parameters[p]))]),
    ],
  };
}
