/**
 * The sheets of what a study's method found: `Sensitivity` (Morris μ*, μ, σ or Sobol S1 and ST per
 * outcome and parameter, with their 95 % intervals and the notes on them) and, for a search,
 * `Search` (every probe) and `Tipping points` (each search's answer). Tables of cells; the summary
 * workbook writes them.
 */
import type { AnalysisRecord } from './manifest.js';
import type { Cell, Table } from './table.js';
import type { StudyResults } from './variant-summary.js';

const columns = (...headers: (string | [string, true])[]) => headers.map((h) => (typeof h === 'string' ? { header: h } : { header: h[0], numeric: true }));

function morrisTable(analysis: Extract<AnalysisRecord, { method: 'morris' }>): Table {
  const rows: Cell[][] = analysis.outcomes.flatMap((o) => [
    ...[...o.groups].sort((a, b) => (b.muStar ?? 0) - (a.muStar ?? 0)).map((g): Cell[] => [
      o.outcome, o.unit, g.name, g.parameters.join(', '), g.muStar ?? undefined, g.muStarInterval[0] ?? undefined, g.muStarInterval[1] ?? undefined, g.mu ?? undefined, g.sigma ?? undefined,
      g.muStarPerUnit, g.effects,
    ]),
    ...o.notes.map((note): Cell[] => [o.outcome, o.unit, 'Note', note]),
  ]);
  return {
    columns: columns(
      'Outcome', 'Unit', 'Parameter or group', 'Parameters', ['μ* (mean |EE|, per full range)', true], ['μ* 95 % low', true], ['μ* 95 % high', true],
      ['μ (mean EE)', true], ['σ (sd of EE)', true], ['μ* per unit of the parameter', true], 'Trajectories used',
    ),
    rows,
  };
}

function sobolTable(analysis: Extract<AnalysisRecord, { method: 'sobol' }>): Table {
  const rows: Cell[][] = analysis.outcomes.flatMap((o) => [
    ...[...o.factors].sort((a, b) => (b.total ?? 0) - (a.total ?? 0)).map((f): Cell[] => [
      o.outcome, o.unit, f.name, f.first ?? undefined, f.firstInterval[0] ?? undefined, f.firstInterval[1] ?? undefined,
      f.total ?? undefined, f.totalInterval[0] ?? undefined, f.totalInterval[1] ?? undefined, o.rowsUsed,
    ]),
    ...o.notes.map((note): Cell[] => [o.outcome, o.unit, 'Note', note]),
  ]);
  return {
    columns: columns(
      'Outcome', 'Unit', 'Parameter', ['S1 (first order)', true], ['S1 95 % low', true], ['S1 95 % high', true],
      ['ST (total)', true], ['ST 95 % low', true], ['ST 95 % high', true], 'Base samples used',
    ),
    rows,
  };
}

const alongLabel = (along: Record<string, unknown>) => Object.entries(along).map(([k, v]) => `${k}=${String(v)}`).join(', ') || '(one search)';

function searchTables(analysis: Extract<AnalysisRecord, { method: 'search' }>): [string, Table][] {
  const unit = analysis.unit ? ` [${analysis.unit}]` : '';
  const probes: Table = {
    columns: columns('Search', 'Probe #', 'Step', [`${analysis.parameter}${unit}`, true], analysis.outcome, 'Failed', 'Variant #', 'Key'),
    rows: analysis.searches.flatMap((s) => s.probes.map((p, i): Cell[] => [alongLabel(s.along), i + 1, p.step, p.value, p.outcome, p.failed, p.index, p.key])),
  };
  const answers: Table = {
    columns: columns('Search', 'Verdict', 'Stopped by', [`Bracket low${unit}`, true], [`Bracket high${unit}`, true], [`Width${unit}`, true], 'Confirmed', 'Solver jobs', 'Answer'),
    rows: analysis.searches.flatMap((s): Cell[][] => {
      const answer = s.answer;
      if (!answer) return [[alongLabel(s.along), 'unfinished', undefined, undefined, undefined, undefined, undefined, s.probes.length, 'The search had not finished.']];
      if (!answer.brackets.length) return [[alongLabel(s.along), answer.verdict, answer.stop, undefined, undefined, undefined, undefined, answer.jobs, answer.text]];
      return answer.brackets.map((b) => [
        alongLabel(s.along), answer.verdict, answer.stop, b.low, b.high, b.high - b.low, b.confirmed === undefined ? undefined : b.confirmed ? 'yes' : 'no', answer.jobs, answer.text,
      ]);
    }),
  };
  return [['Tipping points', answers], ['Search', probes]];
}

/** The method's sheets, by name; none for a plain sweep. */
export function analysisTables(manifest: StudyResults): [string, Table][] {
  const analysis = manifest.analysis;
  if (!analysis) return [];
  if (analysis.method === 'morris') return [['Sensitivity', morrisTable(analysis)]];
  if (analysis.method === 'sobol') return [['Sensitivity', sobolTable(analysis)]];
  return searchTables(analysis);
}
