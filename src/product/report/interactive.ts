/**
 * What the report's interactive plots need, as one JSON document embedded in report.html: each
 * plot's ECharts option with what each drawn point stands for, and the variants those points are
 * (key, parameters, outcomes, each Pareto point's objectives and installed capacities, and the
 * workbook a click opens). Bounded: above MAX_INTERACTIVE_VARIANTS solved variants the page shows
 * the static plots only, and says so, rather than grow to hundreds of megabytes.
 */
import { objectiveLabel } from '../study/results/objective-labels.js';
import { formatNumber, objectivesIn } from '../study/results/summary-workbook.js';
import { DETAILED_VARIANTS, type StudyResults, type VariantSummary } from '../study/results/variant-summary.js';
import type { ChartOption } from './chart-option.js';
import type { Plot } from './plots.js';
import type { VariantLinks } from './variant-workbooks.js';

/** As many as the results keep each solution's capacities and workbook for. */
export const MAX_INTERACTIVE_VARIANTS = DETAILED_VARIANTS;
/** Installed capacities listed in a tooltip; the workbook has them all. */
const TOOLTIP_CAPACITIES = 8;

export interface InteractiveChart extends ChartOption {
  /** The element id of the plot on the page. */
  id: string;
}

export interface VariantCard {
  key: string;
  label: string;
  status: string;
  parameters: [string, string][];
  outcomes: [string, string][];
  /** Workbook (or zip) to open, by Pareto point; 0: the variant's zip. */
  links: Record<number, string>;
  /** By Pareto point: objectives and installed capacities, as text. */
  points: Record<number, { objectives: string[]; capacities: string[]; moreCapacities: number }>;
}

export interface InteractiveData {
  charts: InteractiveChart[];
  variants: Record<number, VariantCard>;
  /** Whether a click opens the solution's own workbook, or its variant's zip of workbooks. */
  unpacked: boolean;
}

export type Interactive = { data: InteractiveData } | { omitted: string };

export function interactiveData(manifest: StudyResults, plots: Plot[], workbooks: VariantLinks): Interactive {
  const omitted = interactiveOmitted(manifest);
  if (omitted) return { omitted };
  const charts = plots.map((p): InteractiveChart => ({ ...p.chart, id: `plot-${p.name}` }));
  const shown = new Set(charts.flatMap((c) => c.meta.flatMap((items) => (items ?? []).flatMap((m) => m.v))));
  const objectives = objectivesIn(manifest);
  const variants: Record<number, VariantCard> = {};
  for (const variant of manifest.variants) {
    if (shown.has(variant.index)) variants[variant.index] = card(variant, objectives, workbooks.links.get(variant.index));
  }
  return { data: { charts, variants, unpacked: workbooks.unpacked } };
}

/** Why the report's plots are static images only, when the study is too large for interactive ones. */
export function interactiveOmitted(manifest: StudyResults): string | undefined {
  const solved = manifest.variants.filter((v) => v.solutions.length).length;
  if (solved <= MAX_INTERACTIVE_VARIANTS) return undefined;
  return `The plots are static images: this study has ${solved.toLocaleString('en-US')} variants with solutions, and the interactive plots (hover a point to see its variant) are made for up to ${MAX_INTERACTIVE_VARIANTS.toLocaleString('en-US')}.`;
}

function card(variant: VariantSummary, objectives: string[], links: Map<number, string> | undefined): VariantCard {
  const points: VariantCard['points'] = {};
  for (const s of variant.solutions) {
    const installed = (s.capacities ?? []).filter((c) => c.value > 0).sort((a, b) => b.value - a.value);
    const stages = new Set(installed.map((c) => c.stage));
    points[s.index] = {
      objectives: objectives.filter((o) => s.objectives[o] !== undefined).map((o) => {
        const { name, unit } = objectiveLabel(o);
        return `${name}: ${formatNumber(s.objectives[o])}${unit ? ` ${unit}` : ''}`;
      }),
      capacities: installed.slice(0, TOOLTIP_CAPACITIES).map((c) => {
        // The hub only where the item's name lacks it, the stage only where the solution has several.
        const where = [c.item.includes(c.hub) ? '' : c.hub, stages.size > 1 ? c.stage : ''].filter(Boolean).join(', ');
        return `${c.item}${where ? ` (${where})` : ''}: ${formatNumber(c.value)} ${c.unit}`;
      }),
      moreCapacities: Math.max(0, installed.length - TOOLTIP_CAPACITIES),
    };
  }
  return {
    key: variant.key,
    label: variant.label,
    status: variant.status,
    parameters: Object.entries(variant.parameters).map(([k, v]) => [k, String(v)]),
    outcomes: Object.entries(variant.outcomes ?? {}).map(([k, v]) => [k, 'problem' in v ? `not read: ${v.problem}` : `${typeof v.value === 'number' ? formatNumber(v.value) : v.value}${v.unit ? ` ${v.unit}` : ''}`]),
    links: Object.fromEntries(links ?? []),
    points,
  };
}

/** The data as the text of a `<script type="application/json">`: nothing in it can end the element. */
export function embeddedJson(data: InteractiveData): string {
  return JSON.stringify(data).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}
