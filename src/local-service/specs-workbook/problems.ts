/** Problems found while reading a workbook, reported together in one WorkbookError. */
import { WorkbookError } from './workbook-error.js';

/** More would make the message unreadable; the first ones are enough to fix and retry. */
const REPORTED = 20;

interface Problem {
  sheet: string;
  row?: number;
  column?: string;
  problem: string;
}

const where = (p: Problem) => new WorkbookError(p.sheet, p.row, p.column, p.problem).message;

export class Problems {
  private readonly found: Problem[] = [];
  private total = 0;

  /** Records a problem; only the first ones are kept for the message, the others are counted. */
  add(sheet: string, row: number | undefined, column: string | undefined, problem: string): void {
    this.total++;
    if (this.found.length < REPORTED) this.found.push({ sheet, row, column, problem });
  }

  /** Whether any problem was found. */
  get any(): boolean {
    return this.total > 0;
  }

  /** Throws the first problem as a WorkbookError whose message also lists the next ones. */
  throwIfAny(): void {
    if (!this.any) return;
    const [first, ...rest] = this.found;
    const more = this.total - this.found.length;
    const others = [...rest.map(where), ...(more > 0 ? [`${more} more problem(s) not listed`] : [])];
    throw new WorkbookError(first.sheet, first.row, first.column, others.length ? `${first.problem}; also ${others.join('; ')}` : first.problem);
  }
}
