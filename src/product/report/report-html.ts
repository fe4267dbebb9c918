/**
 * `report.html`: what a study found, readable in any browser straight from the results directory:
 * the study and its solver settings, the totals, the plots, the study's front, the first rows of
 * the results and the failures. The plots are interactive (Apache ECharts and the plots' data are
 * inlined, so the page needs no network): hover a point for its variant, click it for the
 * workbook, select points on one plot to see them on all. Each plot is also a file beside the page,
 * shown instead where scripts do not run.
 */
import { escapeXml as esc } from '../../common/xml.js';
import { type Drift, changeText, driftLines } from '../study/results/drift.js';
import { FAILED_STATUSES } from '../study/results/manifest.js';
import { objectiveHeader } from '../study/results/objective-labels.js';
import { formatNumber, objectivesIn } from '../study/results/summary-workbook.js';
import type { SolutionSummary, StudyResults, VariantSummary } from '../study/results/variant-summary.js';
import { formatValue } from '../study/search/step.js';
import { extent } from './chart.js';
import { type Interactive, embeddedJson } from './interactive.js';
import { parameterCategories } from './parameter-plots.js';
import { studyFront, studyObjectives } from './study-points.js';

export interface ReportPlot {
  title: string;
  /** Paths relative to the report. */
  svg: string;
  png: string;
}

export interface ReportLinks {
  csv: string;
  summary: string;
  /** Whether the summary workbook is there to link to: the report may be written before it. */
  summaryPresent: boolean;
  manifest: string;
  plots: ReportPlot[];
  /** Why there are no plots, when there are none. */
  plotsOmitted?: string;
  /** The plots' interactive data, or why the page shows them as images only. */
  interactive?: Interactive;
  /** A scheduled run: what changed since the previous run, which the page opens with. */
  drift?: Drift;
  /** The page's scripts: ECharts and the report's own (src/product/report/browser/report-page.js). */
  scripts?: { echarts: string; page: string };
}

/** Rows of the results table shown on the page; the CSV and the workbook have them all. */
export const REPORT_ROWS = 200;
/** Failures listed on the page; the workbook's Failures sheet has them all. */
export const REPORT_FAILURES = 200;
/** Points of the study's front listed on the page. */
export const REPORT_FRONT_POINTS = 50;
/** Changed fields of the scenario listed in a scheduled run's account of what changed. */
export const REPORT_DRIFT_CELLS = 30;

export function reportHtml(manifest: StudyResults, links: ReportLinks): string {
  const { study } = manifest;
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(study.name)}: study report</title>
<style>${STYLE}</style>
</head>
<body>
<h1>${esc(study.name)}</h1>
${study.description ? `<p class="description">${esc(study.description)}</p>` : ''}
${driftSection(links.drift)}
${studySection(manifest)}
${notRunSection(manifest)}
${filesSection(links)}
${parametersSection(manifest)}
${analysisSection(manifest)}
${plotsSection(links)}
${frontSection(manifest)}
${resultsSection(manifest, links)}
${failuresSection(manifest)}
${scriptsSection(links)}
</body>
</html>
`;
}

const STYLE = `
body { font-family: 'DejaVu Sans', Arial, sans-serif; margin: 2rem auto; max-width: 1200px; padding: 0 1rem; color: #222; line-height: 1.4; }
h1 { margin-bottom: 0.2rem; }
h2 { margin-top: 2.2rem; border-bottom: 1px solid #ddd; padding-bottom: 0.2rem; }
.description { color: #444; margin-top: 0; }
.facts { display: flex; flex-wrap: wrap; gap: 1rem 3rem; }
table { border-collapse: collapse; font-size: 0.85rem; }
th, td { border: 1px solid #ddd; padding: 0.25rem 0.5rem; text-align: left; vertical-align: top; }
th { background: #f3f4f6; }
td.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
.scroll { overflow-x: auto; }
.failed { color: #b42318; }
.note { color: #555; font-size: 0.9rem; }
figure { margin: 1.5rem 0; }
figure img { max-width: 100%; height: auto; border: 1px solid #e5e5e5; }
figcaption { font-size: 0.85rem; color: #444; }
.chart { width: 900px; max-width: 100%; border: 1px solid #e5e5e5; }
.selection { position: sticky; top: 0; z-index: 10; background: #eef4fb; border: 1px solid #4e79a7; padding: 0.4rem 0.8rem; font-size: 0.9rem; }
.selection .list { max-height: 8rem; overflow-y: auto; margin: 0.3rem 0 0; columns: 2; }
.tip .hint { color: #666; font-size: 0.8rem; }
.answer { font-size: 1.05rem; background: #fff7ed; border-left: 4px solid #f28e2b; padding: 0.5rem 0.8rem; }
`;

/** What changed since the previous scheduled run: inputs and where, variants solved again or taken over, outcomes moved beyond their alerts. */
function driftSection(drift: Drift | undefined): string {
  if (!drift) return '';
  const [summary] = driftLines(drift);
  const inputs = [
    ...drift.inputs.map((d) => [esc(d.input), `${esc(d.a)} → ${esc(d.b)}`]),
    ...(drift.specs ?? []).slice(0, REPORT_DRIFT_CELLS).map((d) => [esc(`${d.sheet} "${d.name}" · ${d.column}`), `${esc(d.a)} → ${esc(d.b)}`]),
  ];
  const moved = drift.moved.map((m) => [esc(m.outcome), esc(`${m.label} (${m.key})`), numberCell(m.previous), numberCell(m.now), esc(m.unit), m.change === undefined ? '' : changeText(m.change)]);
  return `<section class="drift">
<h2>Since the previous run (${esc(drift.previousRun)})</h2>
<p class="answer">${esc(summary)}</p>
${inputs.length ? `<h3>Inputs that changed</h3>\n${table(['Where', 'Before → now'], inputs)}` : '<p>No input changed.</p>'}
${(drift.specs?.length ?? 0) > REPORT_DRIFT_CELLS ? `<p class="note">The first ${REPORT_DRIFT_CELLS} of ${count(drift.specs!.length)} fields of the first variant's scenario that changed.</p>` : ''}
<h3>Outcomes that moved beyond their alert</h3>
${moved.length ? table(['Outcome', 'Variant', 'Previous run', 'This run', 'Unit', 'Change'], moved, [2, 3, 5]) : '<p>None.</p>'}
<p class="note">Solved again: ${count(drift.resolved.length)} variant${drift.resolved.length === 1 ? '' : 's'}${drift.resolved.length ? ` (${esc(drift.resolved.slice(0, 20).join(', '))}${drift.resolved.length > 20 ? ', …' : ''})` : ''}; taken over unchanged: ${count(drift.reused.length)}.</p>
</section>`;
}

function studySection(manifest: StudyResults): string {
  const { study, solver, totals } = manifest;
  const solutions = manifest.variants.reduce((n, v) => n + v.solutions.length, 0);
  const settings: [string, string][] = [
    ['Objective 1', `${objectiveHeader(solver.objective1)} (${solver.objective1})`],
    ...(solver.objective2 ? [['Objective 2', `${objectiveHeader(solver.objective2)} (${solver.objective2})`] as [string, string]] : []),
    ['Pareto points', String(solver.points)],
    ['Temporal resolution', solver.temporalResolution],
    ['Time limit', `${solver.timeLimit} min per job`],
    ['MIP gap', `${solver.mipGap} %`],
  ];
  const counts: [string, string][] = [
    ['Variants', count(totals.variants)], ['Done', count(totals.done)], ['Failed', count(totals.failed)],
    ...(totals.stopped ? [['Stopped (cancelled)', count(totals.stopped)] as [string, string]] : []), ['Pending', count(totals.pending)],
    ['Pareto points found', count(solutions)],
  ];
  const run: [string, string][] = [
    ['Study file', study.file], ['Started', study.startedAt], ['Finished', study.finishedAt ?? 'still running: this report shows the study so far'],
  ];
  return `<div class="facts">
<section><h2>Study</h2>${keyValues(run)}</section>
<section><h2>Solver settings</h2>${keyValues(settings)}</section>
<section><h2>Totals</h2>${keyValues(counts)}</section>
</div>`;
}

/** Variants that did not run because the study ended first, by the reason the study gave. */
function notRunSection(manifest: StudyResults): string {
  const byReason = new Map<string, number>();
  for (const v of manifest.variants) if (v.status === 'PENDING' && v.reason) byReason.set(v.reason, (byReason.get(v.reason) ?? 0) + 1);
  return [...byReason].map(([reason, n]) => `<p class="answer failed">${count(n)} variant${n === 1 ? '' : 's'} ${esc(reason)}</p>`).join('\n');
}

function filesSection(links: ReportLinks): string {
  const summary = links.summaryPresent
    ? `<a href="${esc(links.summary)}">${esc(links.summary)}</a>: the analyst's workbook (Variants, the objective pair, Failures)`
    : `${esc(links.summary)} (not written yet): the analyst's workbook`;
  return `<h2>Files</h2>
<ul>
<li><a href="${esc(links.csv)}">${esc(links.csv)}</a>: every variant and Pareto point, with full precision</li>
<li>${summary}</li>
<li><a href="${esc(links.manifest)}">${esc(links.manifest)}</a>: the study's complete record</li>
</ul>`;
}

function parametersSection(manifest: StudyResults): string {
  if (!manifest.parameters.length) return '';
  const rows = manifest.parameters.map((p) => [esc(p.name), esc(p.operation), esc(p.target), esc(valuesOf(manifest.variants, p.name))]);
  return `<h2>Swept parameters</h2>\n${table(['Parameter', 'Operation', 'Target', 'Values'], rows)}`;
}

/** `5 values: 0.8 to 1.2` for numbers, the values themselves when there are few. */
function valuesOf(variants: VariantSummary[], parameter: string): string {
  const values = [...new Set(variants.map((v) => v.parameters[parameter]).filter((v) => v !== undefined))];
  if (values.length <= 8) return values.map(String).join(', ');
  if (values.every((v) => typeof v === 'number')) {
    const [min, max] = extent(values as number[]);
    return `${values.length} values: ${min} to ${max}`;
  }
  return `${values.length} values: ${values.slice(0, 8).map(String).join(', ')}, …`;
}

function plotsSection(links: ReportLinks): string {
  if (!links.plots.length) return `<h2>Plots</h2>\n<p class="note">${esc(links.plotsOmitted ?? 'No plots.')}</p>`;
  const data = links.interactive && 'data' in links.interactive && links.scripts ? links.interactive.data : undefined;
  const files = (p: ReportPlot) => `<figcaption>${esc(p.title)}: <a href="${esc(p.svg)}">SVG</a> · <a href="${esc(p.png)}">PNG</a></figcaption>`;
  if (!data) {
    const why = links.interactive && 'omitted' in links.interactive ? `<p class="note">${esc(links.interactive.omitted)}</p>\n` : '';
    return `<h2>Plots</h2>\n${why}${links.plots.map((p) => `<figure>\n<img src="${esc(p.svg)}" alt="${esc(p.title)}">\n${files(p)}\n</figure>`).join('\n')}`;
  }
  const how = data.unpacked
    ? 'Hover a point to see its variant; click it to open the workbook of that Pareto point.'
    : 'Hover a point to see its variant; click it to open its variant\'s results.zip (the study has too many variants to unpack every workbook beside it).';
  const figures = links.plots.map((p, i) => `<figure>
<div class="chart" id="${esc(data.charts[i].id)}" role="img" aria-label="${esc(p.title)}"></div>
<noscript><img src="${esc(p.svg)}" alt="${esc(p.title)}"></noscript>
${files(p)}
</figure>`);
  return `<h2>Plots</h2>
<p class="note">${how} Select points with the box or lasso of a plot's toolbox to highlight the same variants on every plot; the toolbox also zooms. A larger marker with ×N beside it is N points on one spot. An axis marked "log scale" spans two orders of magnitude or more.</p>
<div id="selection" class="selection" hidden><span class="count"></span> <button id="selection-clear" type="button">Clear</button><ul class="list"></ul></div>
${figures.join('\n')}`;
}

/** ECharts, the plots' data and the page's script, inline: the report opens from disk with no network. */
function scriptsSection(links: ReportLinks): string {
  if (!links.scripts || !links.interactive || !('data' in links.interactive)) return '';
  return `<script>${links.scripts.echarts}</script>
<script type="application/json" id="sweep-report-data">${embeddedJson(links.interactive.data)}</script>
<script>${links.scripts.page}</script>`;
}

function frontSection(manifest: StudyResults): string {
  const front = studyFront(manifest);
  if (!front.length) return '';
  const objectives = studyObjectives(manifest);
  const rows = front.slice(0, REPORT_FRONT_POINTS).map(({ variant, solution }) => [
    String(variant.index), esc(variant.label), String(solution.index), ...objectives.map((o) => numberCell(solution.objectives[o])),
  ]);
  const more = front.length > REPORT_FRONT_POINTS
    ? `<p class="note">The first ${REPORT_FRONT_POINTS} of ${count(front.length)} points, by ${esc(objectiveHeader(objectives[0]))}.</p>` : '';
  return `<h2>The study's non-dominated front</h2>
<p class="note">The Pareto points of all variants that no other point of the study beats in one objective without losing in the other.</p>
${table(['Variant #', 'Label', 'Point', ...objectives.map(objectiveHeader)], rows, [0, 2, 3, 4])}
${more}`;
}

function resultsSection(manifest: StudyResults, links: ReportLinks): string {
  const parameters = manifest.parameters.map((p) => p.name);
  const objectives = objectivesIn(manifest);
  const outcomes = manifest.outcomes ?? [];
  const total = manifest.variants.reduce((n, v) => n + Math.max(1, v.solutions.length), 0);
  const rows: string[][] = [];
  for (const { variant, solution } of resultRows(manifest.variants)) {
    if (rows.length === REPORT_ROWS) break;
    rows.push([
      String(variant.index), esc(variant.label), ...parameters.map((p) => esc(String(variant.parameters[p] ?? ''))),
      statusCell(variant.status), solution ? String(solution.index) : '', ...objectives.map((o) => (solution ? numberCell(solution.objectives[o]) : '')),
      ...outcomes.map((o) => outcomeCell(variant, o.name)),
    ]);
  }
  const numericParameters = parameters.flatMap((p, i) => (parameterCategories(manifest, p) ? [] : [2 + i]));
  const numeric = [
    0, ...numericParameters, 3 + parameters.length, ...objectives.map((_, i) => 4 + parameters.length + i),
    ...outcomes.flatMap((o, i) => (o.numeric ? [4 + parameters.length + objectives.length + i] : [])),
  ];
  const note = total > REPORT_ROWS
    ? `<p class="note">The first ${REPORT_ROWS} of ${count(total)} rows. <a href="${esc(links.csv)}">${esc(links.csv)}</a> and the summary workbook have them all.</p>` : '';
  return `<h2>Variants and Pareto points</h2>
${note}
<div class="scroll">${table(['Variant #', 'Label', ...parameters, 'Status', 'Point', ...objectives.map(objectiveHeader), ...outcomes.map((o) => (o.unit ? `${o.name} [${o.unit}]` : o.name))], rows, numeric)}</div>`;
}

/** A variant's value of an outcome, or why it has none. */
function outcomeCell(variant: VariantSummary, name: string): string {
  const value = variant.outcomes?.[name];
  if (!value) return '';
  if ('problem' in value) return `<span class="failed" title="${esc(value.problem)}">not read</span>`;
  return typeof value.value === 'number' ? numberCell(value.value) : esc(value.value);
}

/** Variant by Pareto point, lazily: the page shows the first rows of a table that may have 30,000. */
function* resultRows(variants: VariantSummary[]): Generator<{ variant: VariantSummary; solution?: SolutionSummary }> {
  for (const variant of variants) {
    if (!variant.solutions.length) yield { variant };
    for (const solution of variant.solutions) yield { variant, solution };
  }
}

function failuresSection(manifest: StudyResults): string {
  const failed = manifest.variants.filter((v) => FAILED_STATUSES.includes(v.status));
  if (!failed.length) return '<h2>Failures</h2>\n<p>No variant failed.</p>';
  const items = failed.slice(0, REPORT_FAILURES).map((v) =>
    `<li><strong>#${v.index} ${esc(v.label)}</strong> <span class="failed">${v.status}</span>: ${esc(v.reason ?? 'no reason recorded')}</li>`);
  const more = failed.length > REPORT_FAILURES ? `<p class="note">The first ${REPORT_FAILURES} of ${count(failed.length)}; the summary workbook's Failures sheet has them all.</p>` : '';
  return `<h2>Failures (${count(failed.length)})</h2>\n<ul>\n${items.join('\n')}\n</ul>\n${more}`;
}

/** What the study's method found: sensitivity indices with their notes, or each search's answer and probes. */
function analysisSection(manifest: StudyResults): string {
  const analysis = manifest.analysis;
  if (!analysis) return '';
  if (analysis.method === 'search') {
    const searches = analysis.searches.map((search) => {
      const along = Object.entries(search.along).map(([k, v]) => `${k} = ${String(v)}`).join(', ');
      const probes = search.probes.map((p, order) => ({ ...p, order })).sort((a, b) => a.value - b.value).map((p) => [
        valueCell(p.value), String(p.order + 1), esc(p.step), p.outcome === undefined ? `<span class="failed">${esc(p.failed ?? 'not solved yet')}</span>` : typeof p.outcome === 'number' ? numberCell(p.outcome) : esc(p.outcome),
      ]);
      return `${along ? `<h3>${esc(along)}</h3>` : ''}
<p class="answer">${esc(search.answer?.text ?? `Not finished: ${search.probes.length} probes so far.`)}</p>
${table([`${analysis.parameter}${analysis.unit ? ` [${analysis.unit}]` : ''}`, 'Probe #', 'Step', analysis.outcomeUnit ? `${analysis.outcome} [${analysis.outcomeUnit}]` : analysis.outcome], probes, [0, 1, 3])}`;
    });
    return `<h2>Tipping points</h2>
<p class="note">Where ${esc(analysis.condition)} changes as ${esc(analysis.parameter)} moves from ${valueCell(analysis.range.min)} to ${valueCell(analysis.range.max)}${analysis.unit ? ` ${esc(analysis.unit)}` : ''} (tolerance ${valueCell(analysis.tolerance)}, at most ${analysis.probes} probes a search). Every probe is a variant of the study.</p>
${searches.join('\n')}`;
  }
  const outcomes = analysis.method === 'morris'
    ? analysis.outcomes.map((o) => `<h3>${esc(o.outcome)}${o.unit ? ` [${esc(o.unit)}]` : ''}</h3>
${table(['Parameter or group', 'μ*', 'μ* 95 % interval', 'μ', 'σ', 'μ* per unit of the parameter'], [...o.groups].sort((a, b) => (b.muStar ?? 0) - (a.muStar ?? 0)).map((g) => [
    esc(g.name), numberCell(g.muStar ?? undefined), `${numberCell(g.muStarInterval[0] ?? undefined)} to ${numberCell(g.muStarInterval[1] ?? undefined)}`, numberCell(g.mu ?? undefined), numberCell(g.sigma ?? undefined),
    g.muStarPerUnit === undefined ? '' : numberCell(g.muStarPerUnit),
  ]), [1, 2, 3, 4, 5])}
${o.notes.map((n) => `<p class="note">${esc(n)}</p>`).join('\n')}`)
    : analysis.outcomes.map((o) => `<h3>${esc(o.outcome)}${o.unit ? ` [${esc(o.unit)}]` : ''}</h3>
${table(['Parameter', 'S1', 'S1 95 % interval', 'ST', 'ST 95 % interval'], [...o.factors].sort((a, b) => (b.total ?? 0) - (a.total ?? 0)).map((f) => [
    esc(f.name), indexCell(f.first), `${indexCell(f.firstInterval[0])} to ${indexCell(f.firstInterval[1])}`, indexCell(f.total), `${indexCell(f.totalInterval[0])} to ${indexCell(f.totalInterval[1])}`,
  ]), [1, 2, 3, 4])}
${o.notes.map((n) => `<p class="note">${esc(n)}</p>`).join('\n')}`);
  const intro = analysis.method === 'morris'
    ? `Morris elementary effects: ${analysis.trajectories} trajectories on ${analysis.levels} levels, ${count(analysis.runs)} runs of which ${count(analysis.distinct)} distinct variants (shared points solved once). μ* is in the outcome's unit per full range of the parameter; intervals are 95 % bootstrap intervals over the trajectories.`
    : `Sobol indices (Saltelli sampling, Saltelli 2010 and Jansen estimators): N = ${analysis.samples} base samples, ${count(analysis.runs)} runs. Intervals are 95 % bootstrap intervals over the base samples.`;
  return `<h2>Sensitivity</h2>\n<p class="note">${esc(intro)}</p>\n${outcomes.join('\n')}`;
}

const indexCell = (value: number | null) => (value === null ? '–' : value.toFixed(3));

/** A parameter's value with the digits that tell neighbouring probes apart (0.06469, not 0.06). */
const valueCell = (value: number) => esc(formatValue(value));

function keyValues(pairs: [string, string][]): string {
  return table([], pairs.map(([k, v]) => [`<th scope="row">${esc(k)}</th>`, esc(v)]), [], true);
}

/** Cells are HTML already; `numeric` columns are right-aligned. */
function table(headers: string[], rows: string[][], numeric: number[] = [], rowHeaders = false): string {
  const head = headers.length ? `<thead><tr>${headers.map((h) => `<th>${esc(h)}</th>`).join('')}</tr></thead>` : '';
  const body = rows.map((cells) => `<tr>${cells.map((c, i) => (rowHeaders && i === 0 ? c : `<td${numeric.includes(i) ? ' class="num"' : ''}>${c}</td>`)).join('')}</tr>`);
  return `<table>${head}<tbody>\n${body.join('\n')}\n</tbody></table>`;
}

const numberCell = (value: number | undefined) => (value === undefined ? '' : formatNumber(value));

const statusCell = (status: VariantSummary['status']) => (FAILED_STATUSES.includes(status) ? `<span class="failed">${status}</span>` : status);

const count = (n: number) => n.toLocaleString('en-US');

