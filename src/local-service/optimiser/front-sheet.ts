/**
 * The `Pareto front` sheet of every solution workbook of a front job: all the job's points with
 * both objectives, the marginal rate from the previous point (for cost against CO2 the marginal
 * abatement cost, CHF per tonne of CO2 avoided) and the knee, so a reader of any one solution sees
 * where it sits on the front. Row 1 is a title, row 2 the header.
 */
import { analyseFront, rateUnit, type FrontSense } from '../../common/front-analysis.js';
import { CellStyle, SheetBuilder } from '../specs-workbook/xlsx-writer.js';
import type { SolutionReport } from './results.js';

export const FRONT_SHEET = 'Pareto front';

interface ObjectiveInfo {
  unit: string;
  sense: FrontSense;
}

/** Unit and sense of an objective as the solution's `Objective` rows give them. */
function objectiveInfo(report: SolutionReport, objective: string): ObjectiveInfo {
  const row = report.rows.find((r) => r.section === 'Objective' && r.item === objective);
  return { unit: row?.unit ?? '', sense: row?.category === 'maximise' ? 'max' : 'min' };
}

/** The sheet for `report`, named through `sheetName`, or undefined for a job of one objective. */
export function frontSheet(
  report: SolutionReport,
  front: readonly SolutionReport[],
  /** The job's objectives and, where its settings say, how its interior points were placed. */
  objectives: { objective1: string; objective2?: string | null; pointPlacement?: string },
  sheetName: (wanted: string) => string,
): SheetBuilder | undefined {
  const { objective1, objective2 } = objectives;
  if (!objective2 || !front.length) return undefined;
  const [first, second] = [objectiveInfo(report, objective1), objectiveInfo(report, objective2)];
  const unit = rateUnit(first.unit, second.unit);
  const points = [...front].sort((a, b) => a.index - b.index);
  const value = (p: SolutionReport, objective: string) => p.objectives[objective as keyof SolutionReport['objectives']];
  const { rates, knee } = analyseFront(points.map((p) => ({ objective1: value(p, objective1), objective2: value(p, objective2) })), [first.sense, second.sense], unit);
  const amount = CellStyle.amount;
  return new SheetBuilder({ title: sheetName(FRONT_SHEET), frozenRows: 2, frozenColumns: 0, widths: [8, 26, 26, 30, 8, 14] })
    .add([[
      `The job's ${points.length} Pareto points, from the ${objective1} optimum to the ${objective2} optimum, `
      + `${objectives.pointPlacement === 'bend' ? 'placed where the front bends' : `placed evenly in ${objective2}`}. ${unit.name}: ${first.unit} of ${objective1} `
      + `added per ${unit.perFactor === 1000 ? 't' : second.unit} of ${objective2} avoided since the previous point, each as its objective counts it (CO2 over the whole horizon, a life-cycle cost as a present value). `
      + `Knee: the point farthest from the straight line between the two ends, each objective scaled to its range (Das 1999).`,
    ]])
    .add([['Point', `${objective1} [${first.unit}]`, `${objective2} [${second.unit}]`, `${unit.name} from the previous point [${unit.label}]`, 'Knee', 'This workbook']], { bold: true })
    .add(
      points.map((p, i) => [p.index, value(p, objective1), value(p, objective2), rates[i] ?? null, i === knee ? 'knee' : null, p.index === report.index ? 'this solution' : null]),
      { numberStyles: [undefined, amount, amount, amount] },
    );
}
