/**
 * What a solved run tells its reader besides the numbers: the notes of the output's `Run` sheet
 * (simplifications, how it was solved) and the warnings a job reports (inputs not honoured,
 * capacities stopped by the model's internal cap rather than by the optimum).
 */
import { describeUnhonoured } from './model/coverage.js';
import { capacitiesAtInternalCap } from './model/sizing.js';
import type { OptimiseResult } from './optimise.js';

type Solved = Extract<OptimiseResult, { kind: 'solved' }>;

/** One line per capacity at its internal cap, with the solutions it is at it in. */
function capWarnings({ ctx, points }: Solved): string[] {
  const at = new Map<string, { text: string; solutions: number[] }>();
  for (const point of points) {
    for (const c of capacitiesAtInternalCap(ctx, point.x)) {
      const key = `${c.item}|${c.stage}`;
      const stage = ctx.stages.length > 1 ? ` in ${ctx.stages[c.stage].name}` : '';
      const text = `${c.item}${stage} is at the model's internal capacity cap of ${+c.internalCap!.toPrecision(6)} ${c.unit} (no maximum capacity given): the optimum may want more, or its size costs nothing and is arbitrary; set a Maximum Capacity`;
      if (!at.has(key)) at.set(key, { text, solutions: [] });
      at.get(key)!.solutions.push(point.index);
    }
  }
  return [...at.values()].map(({ text, solutions }) => `${text} (solution${solutions.length > 1 ? 's' : ''} ${solutions.join(', ')})`);
}

export function runNotes(result: Solved): { notes: string[]; warnings: string[] } {
  const caps = capWarnings(result);
  const notes = [...new Set([...result.ctx.notes, ...caps])];
  if (result.incomplete) notes.push(result.incomplete);
  const warnings = [...new Set([...result.ctx.unhonoured.map(describeUnhonoured), ...caps])];
  return { notes, warnings };
}
