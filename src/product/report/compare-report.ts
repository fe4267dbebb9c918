/**
 * `sweep compare`'s files: `compare.xlsx` (Inputs, Changes, Unmatched), `compare.csv` (the Changes
 * sheet) and `compare.html`, which says what differs, how many variants match, shows both studies'
 * fronts on one plot and lists the largest moves. Each file is replaced atomically.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { escapeXml as esc } from '../../common/xml.js';
import { type Comparison, inputsTable, movesTable, unmatchedTable } from '../study/results/compare.js';
import { type Manifest, writeAtomically } from '../study/results/manifest.js';
import { objectiveHeader, objectiveLabel } from '../study/results/objective-labels.js';
import { formatNumber, objectivePair, writeTablesWorkbook } from '../study/results/summary-workbook.js';
import type { Table } from '../study/results/table.js';
import type { ChartSpec } from './chart.js';
import { renderChartSvg } from './chart-svg.js';
import { writeTableCsv } from './csv.js';
import { studyFront } from './study-points.js';

export const COMPARE_FILES = { workbook: 'compare.xlsx', csv: 'compare.csv', html: 'compare.html' } as const;
/** Rows of the changes table on the page, largest relative change first; the CSV and workbook have them all. */
const PAGE_ROWS = 100;

export interface ComparedStudy {
  /** As the analyst named it on the command line. */
  name: string;
  dir: string;
  manifest: Manifest;
}

export async function writeComparison(out: string, a: ComparedStudy, b: ComparedStudy, comparison: Comparison): Promise<{ workbook: string; csv: string; html: string }> {
  await mkdir(out, { recursive: true });
  const paths = { workbook: join(out, COMPARE_FILES.workbook), csv: join(out, COMPARE_FILES.csv), html: join(out, COMPARE_FILES.html) };
  const moves = movesTable(comparison);
  await writeTablesWorkbook(paths.workbook, [['Inputs', () => inputsTable(comparison)], ['Changes', () => moves], ['Unmatched', () => unmatchedTable(comparison)]]);
  await writeTableCsv(paths.csv, moves);
  await writeAtomically(paths.html, (partial) => writeFile(partial, comparisonHtml(a, b, comparison, moves)));
  return paths;
}

/** Both studies' non-dominated fronts on one plot, when both optimised the same pair of objectives. */
export function frontsChart(a: ComparedStudy, b: ComparedStudy): ChartSpec | undefined {
  const pair = objectivePair(a.manifest);
  const other = objectivePair(b.manifest);
  if (!pair || !other || pair.join() !== other.join()) return undefined;
  const series = [a, b].map((study, i) => ({
    name: `${i ? 'B' : 'A'}: ${study.name}`, id: i ? 'b' : 'a', color: i ? '#e15759' : '#4e79a7', marker: (i ? 'diamond' : 'circle') as 'diamond' | 'circle', size: 5, line: (i ? 'dashed' : 'solid') as 'dashed' | 'solid',
    points: studyFront(study.manifest).map((p) => ({ x: p.solution.objectives[pair[0]], y: p.solution.objectives[pair[1]], tip: `${i ? 'B' : 'A'} #${p.variant.index} ${p.variant.label}, point ${p.solution.index}` })),
  })).filter((s) => s.points.length);
  if (!series.length) return undefined;
  return {
    title: `The two studies' fronts: ${objectiveLabel(pair[0]).name} vs ${objectiveLabel(pair[1]).name}`,
    notes: ['Each study\'s non-dominated front: the Pareto points of all its variants that no other point of the same study beats in one objective without losing in the other.'],
    x: { kind: 'linear', title: objectiveHeader(pair[0]) },
    y: { kind: 'linear', title: objectiveHeader(pair[1]) },
    series,
  };
}

function comparisonHtml(a: ComparedStudy, b: ComparedStudy, comparison: Comparison, moves: Table): string {
  const chart = frontsChart(a, b);
  const change = moves.columns.findIndex((c) => c.header === 'Change [%]');
  const largest = [...moves.rows].filter((r) => typeof r[change] === 'number').sort((x, y) => Math.abs(y[change] as number) - Math.abs(x[change] as number)).slice(0, PAGE_ROWS);
  const number = (value: number) => (Number.isInteger(value) ? value.toLocaleString('en-US') : formatNumber(value));
  const cell = (value: unknown) => (typeof value === 'number' ? `<td class="num">${number(value)}</td>` : `<td>${esc(value === undefined ? '' : String(value))}</td>`);
  const table = (headers: string[], rows: unknown[][]) => `<table><thead><tr>${headers.map((h) => `<th>${esc(h)}</th>`).join('')}</tr></thead><tbody>\n${rows.map((r) => `<tr>${r.map(cell).join('')}</tr>`).join('\n')}\n</tbody></table>`;
  const studyLine = (label: string, s: ComparedStudy) => `<li><strong>${label}</strong>: ${esc(s.manifest.study.name)} — ${esc(s.dir)} (${s.manifest.totals.done.toLocaleString('en-US')} of ${s.manifest.totals.variants.toLocaleString('en-US')} variants done)</li>`;
  const matchedOn = comparison.matchedOn.length ? `on ${comparison.matchedOn.map(esc).join(', ')}` : 'as the single variant of each';
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${esc(a.name)} vs ${esc(b.name)}: comparison</title>
<style>
body { font-family: 'DejaVu Sans', Arial, sans-serif; margin: 2rem auto; max-width: 1200px; padding: 0 1rem; color: #222; line-height: 1.4; }
table { border-collapse: collapse; font-size: 0.85rem; }
th, td { border: 1px solid #ddd; padding: 0.25rem 0.5rem; text-align: left; vertical-align: top; }
th { background: #f3f4f6; }
td.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
.note { color: #555; font-size: 0.9rem; }
svg { max-width: 100%; height: auto; border: 1px solid #e5e5e5; }
</style>
</head>
<body>
<h1>${esc(a.name)} vs ${esc(b.name)}</h1>
<ul>
${studyLine('A', a)}
${studyLine('B', b)}
</ul>
<h2>Inputs that differ</h2>
${comparison.inputs.length ? table(['Input', 'A', 'B'], comparison.inputs.map((d) => [d.input, d.a, d.b])) : '<p>None of the inputs the results record differ (solver settings, parameters and their values, outcomes, method).</p>'}
<p class="note">The base scenarios' own fields are not in the results: <code>sweep diff</code> reads two variants' scenarios from the service and lists the fields that differ.</p>
<h2>Variants</h2>
<p>${comparison.matched.length.toLocaleString('en-US')} variants match ${matchedOn}; ${comparison.onlyA.length.toLocaleString('en-US')} only in A, ${comparison.onlyB.length.toLocaleString('en-US')} only in B.</p>
<h2>Fronts</h2>
${chart ? renderChartSvg(chart) : '<p class="note">No plot: the two studies do not share a pair of objectives with solutions.</p>'}
<h2>Largest changes</h2>
<p class="note">${largest.length < moves.rows.length ? `The ${largest.length} largest relative changes of ${moves.rows.length.toLocaleString('en-US')} rows; ${COMPARE_FILES.csv} and ${COMPARE_FILES.workbook} have them all.` : `All ${moves.rows.length.toLocaleString('en-US')} rows, largest relative change first.`}</p>
${table(moves.columns.map((c) => c.header), largest)}
</body>
</html>
`;
}
