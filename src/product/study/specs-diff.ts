/**
 * The fields in which two specs workbooks differ, cell by cell: each cell is named by its sheet, its
 * row's name (its first column headed with "name", else its first cell) and its column's header in row 1. Guids and
 * profile ids are replaced by their order of first appearance first, as the fingerprint does
 * (src/product/study/fingerprint.ts): two copies of one scenario differ in nothing but those.
 */
import ExcelJS from 'exceljs';

export interface SpecsDifference {
  sheet: string;
  row: number;
  /** The row's first cell, where the specs workbook names the thing the row is about. */
  name: string;
  column: string;
  a: string;
  b: string;
}

const GUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

type Grid = Map<string, string[][]>;

async function grid(bytes: Uint8Array): Promise<Grid> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const guids = new Ordinals('guid');
  const profiles = new Ordinals('profile');
  const sheets: Grid = new Map();
  workbook.eachSheet((sheet) => {
    const rows: string[][] = [];
    sheet.eachRow({ includeEmpty: true }, (row, number) => {
      const cells: string[] = [];
      row.eachCell({ includeEmpty: true }, (cell, column) => {
        cells[column - 1] = cell.text.replace(GUID, (guid) => guids.of(guid.toLowerCase()));
      });
      rows[number - 1] = Array.from(cells, (c) => c ?? '');
    });
    const header = rows[0] ?? [];
    // Profile ids: the Profiles sheet's header row (`Key`, then one id each) and the `… Profile Key` columns.
    const profilesSheet = header[0] === 'Key' && header.slice(1).some((h) => /^\d+$/.test(h));
    const keyColumns = header.flatMap((h, i) => (/Profile Key$/i.test(h) ? [i] : []));
    rows.forEach((row, r) => row?.forEach((value, c) => {
      if (value && ((profilesSheet && r === 0 && c > 0) || (r > 0 && keyColumns.includes(c)))) row[c] = profiles.of(value);
    }));
    sheets.set(sheet.name, Array.from(rows, (r) => r ?? []));
  });
  return sheets;
}

/** Numbers things by first appearance. */
class Ordinals {
  private readonly seen = new Map<string, number>();
  constructor(private readonly what: string) {}
  of(value: string): string {
    if (!this.seen.has(value)) this.seen.set(value, this.seen.size + 1);
    return `<${this.what} ${this.seen.get(value)}>`;
  }
}

export async function specsDifferences(a: Uint8Array, b: Uint8Array): Promise<SpecsDifference[]> {
  const [ga, gb] = await Promise.all([grid(a), grid(b)]);
  const differences: SpecsDifference[] = [];
  for (const sheet of new Set([...ga.keys(), ...gb.keys()])) {
    const [ra, rb] = [ga.get(sheet), gb.get(sheet)];
    if (!ra || !rb) {
      differences.push({ sheet, row: 0, name: '', column: '', a: ra ? 'the sheet' : 'no such sheet', b: rb ? 'the sheet' : 'no such sheet' });
      continue;
    }
    const header = ra[0] ?? [];
    const nameColumn = Math.max(0, header.findIndex((h) => /\bname\b/i.test(h)));
    for (let r = 0; r < Math.max(ra.length, rb.length); r++) {
      const [xa, xb] = [ra[r] ?? [], rb[r] ?? []];
      for (let c = 0; c < Math.max(xa.length, xb.length); c++) {
        const [va, vb] = [xa[c] ?? '', xb[c] ?? ''];
        if (va === vb) continue;
        differences.push({ sheet, row: r + 1, name: xa[nameColumn] || xb[nameColumn] || '', column: header[c] || columnLetter(c), a: va, b: vb });
      }
    }
  }
  return differences;
}

function columnLetter(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}
