/**
 * A mixed-integer linear program under construction: columns with bounds and integrality, rows
 * assembled sparsely, and named linear expressions (cost and CO2 components) that objectives and
 * reports combine. Built once per job; the solver worker receives it as typed arrays.
 */

export const INF = Number.POSITIVE_INFINITY;

/** A linear expression Σ coef·x[index] + constant, kept sparse. */
export class Expr {
  readonly index: number[] = [];
  readonly coef: number[] = [];
  constant = 0;

  add(index: number, coef: number): this {
    if (coef !== 0 && Number.isFinite(coef)) {
      this.index.push(index);
      this.coef.push(coef);
    }
    return this;
  }

  addConstant(value: number): this {
    this.constant += value;
    return this;
  }

  /** Adds `factor` × another expression. */
  addExpr(other: Expr, factor = 1): this {
    for (let k = 0; k < other.index.length; k++) this.add(other.index[k], other.coef[k] * factor);
    this.constant += other.constant * factor;
    return this;
  }

  evaluate(x: ArrayLike<number>): number {
    let value = this.constant;
    for (let k = 0; k < this.index.length; k++) value += this.coef[k] * x[this.index[k]];
    return value;
  }

  /** Dense coefficients over `columns` columns (duplicates summed). */
  dense(columns: number): Float64Array {
    const out = new Float64Array(columns);
    for (let k = 0; k < this.index.length; k++) out[this.index[k]] += this.coef[k];
    return out;
  }
}

/** The arrays HiGHS takes (CSR rows), plus names for the LP file. */
export interface ModelArrays {
  numCols: number;
  numRows: number;
  colLower: Float64Array;
  colUpper: Float64Array;
  rowLower: Float64Array;
  rowUpper: Float64Array;
  starts: Int32Array;
  index: Int32Array;
  value: Float64Array;
  integrality: Int32Array;
  hasIntegers: boolean;
  /** 1 for design columns (capacities, installation decisions, peaks): the year's operation depends on them, not on the hour. */
  design: Uint8Array;
  colNames?: string[];
  rowNames?: string[];
}

/**
 * Where a solution breaks the model: the first column outside its bounds, integer column off an
 * integer, or row outside its bounds (by default the model's own), each to `tolerance` relative to the
 * value or the row's largest term; undefined when it breaks nothing.
 */
export function violation(m: ModelArrays, x: ArrayLike<number>, rowLower = m.rowLower, rowUpper = m.rowUpper, tolerance = 1e-6): string | undefined {
  if (x.length !== m.numCols) return `${x.length} values for ${m.numCols} columns`;
  for (let j = 0; j < m.numCols; j++) {
    const slack = tolerance * Math.max(1, Math.abs(x[j]));
    if (!(x[j] >= m.colLower[j] - slack && x[j] <= m.colUpper[j] + slack)) return `column ${j} = ${x[j]} outside [${m.colLower[j]}, ${m.colUpper[j]}]`;
    if (m.integrality[j] && Math.abs(x[j] - Math.round(x[j])) > tolerance) return `integer column ${j} = ${x[j]}`;
  }
  for (let r = 0; r < m.numRows; r++) {
    let activity = 0;
    let size = 1;
    for (let k = m.starts[r]; k < m.starts[r + 1]; k++) {
      const term = m.value[k] * x[m.index[k]];
      activity += term;
      size = Math.max(size, Math.abs(term));
    }
    if (activity < rowLower[r] - tolerance * size || activity > rowUpper[r] + tolerance * size) return `row ${r} = ${activity} outside [${rowLower[r]}, ${rowUpper[r]}]`;
  }
  return undefined;
}

export class LinearProgram {
  private colLower: number[] = [];
  private colUpper: number[] = [];
  private integer: number[] = [];
  private design: number[] = [];
  private colNames: string[] = [];
  private rowLower: number[] = [];
  private rowUpper: number[] = [];
  private rowNames: string[] = [];
  private starts: number[] = [0];
  private index: number[] = [];
  private value: number[] = [];
  private integers = 0;

  get columns(): number {
    return this.colLower.length;
  }
  get rows(): number {
    return this.rowLower.length;
  }
  get binaries(): number {
    return this.integers;
  }
  get nonZeros(): number {
    return this.index.length;
  }

  /** Adds a column; answers its index. */
  addVar(name: string, lower = 0, upper = INF, integer = false): number {
    this.colLower.push(lower);
    this.colUpper.push(upper);
    this.integer.push(integer ? 1 : 0);
    this.design.push(0);
    if (integer) this.integers++;
    this.colNames.push(name);
    return this.colLower.length - 1;
  }

  addBinary(name: string): number {
    return this.addVar(name, 0, 1, true);
  }

  /**
   * Marks a column as a design decision: sized or decided once per stage (a capacity, an
   * installation, a contracted peak), not per time step. A full-year model whose only integers are
   * design decisions can be solved by decomposition (engine/decomposition.ts).
   */
  markDesign(column: number): number {
    this.design[column] = 1;
    return column;
  }

  /** Tightens a column's bounds (used to fix a variable). */
  setBounds(column: number, lower: number, upper: number): void {
    this.colLower[column] = lower;
    this.colUpper[column] = upper;
  }

  isInteger(column: number): boolean {
    return this.integer[column] === 1;
  }

  /** The design columns, in column order. */
  designColumns(): number[] {
    const out: number[] = [];
    for (let j = 0; j < this.design.length; j++) if (this.design[j]) out.push(j);
    return out;
  }

  /** Adds a row lower ≤ Σ terms ≤ upper from alternating (index, coefficient) pairs or an expression. */
  addRow(name: string, terms: Expr | readonly number[], lower: number, upper: number): number {
    let shift = 0;
    if (terms instanceof Expr) {
      for (let k = 0; k < terms.index.length; k++) {
        this.index.push(terms.index[k]);
        this.value.push(terms.coef[k]);
      }
      shift = terms.constant;
    } else {
      for (let k = 0; k < terms.length; k += 2) {
        if (terms[k + 1] !== 0) {
          this.index.push(terms[k]);
          this.value.push(terms[k + 1]);
        }
      }
    }
    this.starts.push(this.index.length);
    this.rowLower.push(lower - shift);
    this.rowUpper.push(upper - shift);
    this.rowNames.push(name);
    return this.rowLower.length - 1;
  }

  /** Typed arrays for the solver; duplicate entries within a row are merged. */
  arrays(withNames = false): ModelArrays {
    const starts = new Int32Array(this.starts.length);
    const index: number[] = [];
    const value: number[] = [];
    const seen = new Map<number, number>();
    for (let r = 0; r < this.rowLower.length; r++) {
      seen.clear();
      for (let k = this.starts[r]; k < this.starts[r + 1]; k++) {
        const at = seen.get(this.index[k]);
        if (at === undefined) {
          seen.set(this.index[k], index.length);
          index.push(this.index[k]);
          value.push(this.value[k]);
        } else {
          value[at] += this.value[k];
        }
      }
      starts[r + 1] = index.length;
    }
    return {
      numCols: this.columns,
      numRows: this.rows,
      colLower: Float64Array.from(this.colLower),
      colUpper: Float64Array.from(this.colUpper),
      rowLower: Float64Array.from(this.rowLower),
      rowUpper: Float64Array.from(this.rowUpper),
      starts,
      index: Int32Array.from(index),
      value: Float64Array.from(value),
      integrality: Int32Array.from(this.integer),
      hasIntegers: this.integers > 0,
      design: Uint8Array.from(this.design),
      colNames: withNames ? this.colNames.map(lpName) : undefined,
      rowNames: withNames ? this.rowNames.map(lpName) : undefined,
    };
  }

  name(column: number): string {
    return this.colNames[column];
  }

  rowName(row: number): string {
    return this.rowNames[row];
  }
}

/** A name the CPLEX LP format accepts: letters, digits and a few symbols, not starting with a digit. */
export function lpName(name: string): string {
  const cleaned = name.replace(/[^A-Za-z0-9_.[\]]/g, '_');
  return /^[A-Za-z_]/.test(cleaned) ? cleaned : `_${cleaned}`;
}

/** Section headers HiGHS writes that not every LP reader knows, with the spelling every one does. */
const SECTION_SPELLING: Record<string, string> = { bin: 'Binaries', gen: 'Generals', semi: 'Semi-continuous' };
/** Lines that start a section of an LP file (unindented: variables in sections are indented). */
const SECTION_HEADER = /^(max(imi[sz]e)?|min(imi[sz]e)?|st|s\.t\.|subject to|bounds?|bin(aries|ary)?|gen(erals?)?|semi(-continuous|s)?|sos[12]?|end)$/i;

/**
 * An LP file as every LP reader takes it. HiGHS heads the integer sections `bin` and `gen` and
 * always writes a `semi` section, empty or not; CBC reads `bin` and `gen` as variable names and
 * silently solves the relaxation. Only header lines change: sections get their long names, and
 * sections with nothing in them are left out.
 */
export function portableLp(text: string): string {
  // The sections in question come last, after the rows and bounds that are nearly all of a file
  // (hundreds of megabytes at FULL): only the text from the first of them is split into lines.
  const first = /^(bin|gen|semi)[ \t]*\r?$/im.exec(text);
  if (!first) return text;
  return text.slice(0, first.index) + portableSections(text.slice(first.index));
}

function portableSections(text: string): string {
  const lines = text.split('\n');
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const spelling = SECTION_SPELLING[line.trim().toLowerCase()];
    if (spelling === undefined || /^\s/.test(line)) {
      out.push(line);
      continue;
    }
    let n = i + 1;
    while (n < lines.length && lines[n].trim() === '') n++;
    const empty = n === lines.length || (!/^\s/.test(lines[n]) && SECTION_HEADER.test(lines[n].trim()));
    if (!empty) out.push(spelling);
  }
  return out.join('\n');
}
