/**
 * Why a model is infeasible, in an analyst's words: the rows of HiGHS's irreducible infeasible
 * subsystem (the smallest set of constraints that cannot hold together) are named by what they
 * are — an energy balance, a must-install rule, an annual cap — and the likely cause is said.
 */
import type { ModelContext } from './model/context.js';

const KINDS: [RegExp, string][] = [
  [/^balance_/, 'an energy balance cannot close'],
  [/^(mincap|onehub|mustpkg|mustpkg1)_/, 'a technology that must be installed (or its minimum capacity)'],
  [/^(maxcap|maxconv|maxstor|pkggroup|techgroup)_/, 'a capacity or package limit'],
  [/^annualcap_/, 'an annual energy cap of an import or export'],
  [/^(minannual|maxannual)_/, 'an annual output bound of a technology'],
  [/^(soc|intra|inter)/, 'a storage state-of-charge constraint'],
  [/^(peakpower|capacity|partload|offzero)_/, 'a technology capacity or part-load rule'],
  [/^linkcap_/, 'a network link capacity'],
];

/** Bounded columns that take part in a conflict. */
const COLUMN_KINDS: [RegExp, string][] = [
  [/^cap_/, 'a capacity bound of a technology or link'],
  [/^(imp|exp)_/, 'an hourly limit of an import or export'],
  [/^res_/, 'the availability of an on-site resource'],
  [/^(on|install)_/, 'an installation decision'],
];

/** A sentence naming the constraints in conflict, from the rows and columns of the IIS. */
export function diagnoseInfeasibility(ctx: ModelContext, iis: { rows: number[]; columns: number[] }): string {
  const { rows, columns } = iis;
  if (rows.length === 0) return 'The model is infeasible: the demands cannot be met within the limits given (no irreducible subsystem could be isolated).';
  const names = rows.map((r) => ctx.lp.rowName(r));
  const kinds = new Set<string>();
  for (const name of names) for (const [pattern, kind] of KINDS) if (pattern.test(name)) kinds.add(kind);
  const columnNames = columns.map((c) => ctx.lp.name(c));
  for (const name of columnNames) for (const [pattern, kind] of COLUMN_KINDS) if (pattern.test(name)) kinds.add(kind);
  const capacities = [...new Set(columnNames.filter((n) => n.startsWith('cap_')).map((n) => n.replace(/^cap_/, '')))];
  const balances = [...new Set(names.filter((n) => n.startsWith('balance_')).map((n) => n.replace(/^balance_/, '').replace(/_\d+$/, '').replace(/_/g, ' ')))];
  const where = `${balances.length ? ` Balances involved: ${balances.slice(0, 3).join('; ')}.` : ''}${capacities.length ? ` Capacities involved: ${capacities.slice(0, 3).join('; ')}.` : ''}`;
  return `The model is infeasible: ${[...kinds].join(', ') || 'its constraints conflict'} (${rows.length} constraints in conflict, e.g. ${names.slice(0, 3).join(', ')}).${where} Check capacities, caps and must-install options against the demand.`;
}
