/**
 * The checks that run before exceljs reads an upload, on files built here: each limit is refused
 * with its status (413 for size, 400 for what a sheet holds), naming the sheet, the limit and what
 * was found, and a workbook just inside every limit passes.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { zipSync } from 'fflate';
import { checkWorkbookLimits, WORKBOOK_LIMITS } from '../../src/local-service/specs-workbook/workbook-limits.js';
import type { WorkbookError } from '../../src/local-service/specs-workbook/workbook-error.js';
import { deflatedXml } from '../../src/local-service/specs-workbook/xlsx-writer.js';
import { sheetOf, workbookWithParts, workbookWithProfilesSheet } from './support/bomb-workbooks.js';

const refusal = (bytes: Uint8Array) => {
  try {
    checkWorkbookLimits(bytes);
  } catch (error) {
    return error as WorkbookError;
  }
  throw new Error('the workbook was not refused');
};
const rows = (n: number) => Array.from({ length: n }, (_, i) => `<row r="${i + 1}"><c r="A${i + 1}"><v>${i}</v></c></row>`).join('');

describe('limits on what a sheet holds', () => {
  it('passes a sheet of exactly 10000 rows and 256 columns, and refuses one more of either', async () => {
    const full = `${rows(WORKBOOK_LIMITS.rowsPerSheet - 1)}<row r="10000"><c r="A10000"><v>1</v></c><c r="IV10000"><v>1</v></c></row>`;
    checkWorkbookLimits(await workbookWithProfilesSheet(sheetOf(full)));

    const tall = refusal(await workbookWithProfilesSheet(sheetOf(rows(WORKBOOK_LIMITS.rowsPerSheet + 1))));
    expect([tall.status, tall.sheet]).toEqual([400, 'Profiles']);
    expect(tall.problem).toBe("has rows up to row 10001; a sheet may have at most 10000 rows (a profile's 8760 hours and 2 header rows fit)");

    const wide = refusal(await workbookWithProfilesSheet(sheetOf('<row r="1"><c r="IW1"><v>1</v></c></row>')));
    expect(wide.problem).toBe('has columns up to column 257 (IW); a sheet may have at most 256 columns (up to IV)');
  });

  it('counts rows and cells without a reference as following the one before', async () => {
    const implied = refusal(await workbookWithProfilesSheet(sheetOf('<row><c><v>1</v></c></row>'.repeat(10_001))));
    expect(implied.problem).toMatch(/^has rows up to row 10001;/);
    const cells = refusal(await workbookWithProfilesSheet(sheetOf(`<row r="1">${'<c><v>1</v></c>'.repeat(300)}</row>`)));
    expect(cells.problem).toMatch(/^has columns up to column 300 \(KN\);/);
  });

  it('refuses a data-validation range over a whole column, which exceljs expands cell by cell', async () => {
    const xml = '<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData/>' +
      '<dataValidations count="1"><dataValidation type="list" prompt="a &gt; b" sqref="B2 C1:C1048576"><formula1>"x,y"</formula1></dataValidation></dataValidations></worksheet>';
    const error = refusal(await workbookWithProfilesSheet(deflatedXml(xml)));
    expect(error.status).toBe(400);
    expect(error.problem).toMatch(/has rows up to row 1048576; .*; has merged and data-validation ranges covering 1048577 cells; a sheet may have at most 100000$/);
  });

  it('refuses a tag that goes on for more than a megabyte of inflated data rather than carry it', async () => {
    // Incompressible, so that it arrives in many small pieces (a compressible one arrives whole and is simply read).
    const noise = randomBytes(1536 * 1024).toString('base64');
    const error = refusal(await workbookWithProfilesSheet(sheetOf(`<row r="1" x="${noise}"><c r="A1"><v>1</v></c></row>`)));
    expect([error.status, error.sheet, error.problem]).toEqual([400, 'Profiles', 'has a tag longer than 1048576 bytes']);
  });

  it('finds a row number in a tag that a chunk boundary cuts, and one behind a quoted ">"', async () => {
    const padding = `<row r="1"><c r="A1" t="inlineStr"><is><t>${'p'.repeat(8 * 1024 * 1024)}</t></is></c></row>`;
    const cut = refusal(await workbookWithProfilesSheet(sheetOf(`${padding}<row spans="1:1" r="20000"><c r="A20000"><v>1</v></c></row>`)));
    expect(cut.problem).toMatch(/^has rows up to row 20000;/);
    const quoted = refusal(await workbookWithProfilesSheet(sheetOf('<row x=">" r="30000"><c r="A30000"><v>1</v></c></row>')));
    expect(quoted.problem).toMatch(/^has rows up to row 30000;/);
  });
});

describe('limits on size', () => {
  it('refuses a file of more parts than a workbook has, before reading them', () => {
    const parts = Object.fromEntries(Array.from({ length: WORKBOOK_LIMITS.entries + 1 }, (_, i) => [`part${i}.xml`, new Uint8Array(1)]));
    const error = refusal(zipSync(parts, { level: 0 }));
    expect([error.status, error.sheet, error.problem]).toEqual([413, '(workbook)', 'the file has 1001 parts; a workbook may have at most 1000']);
  });

  it('refuses an index part that expands beyond what an index holds', async () => {
    const error = refusal(await workbookWithParts({ 'xl/_rels/workbook.xml.rels': (xml) => xml.replace('</Relationships>', `<!--${' '.repeat(5 * 1024 * 1024)}--></Relationships>`) }));
    expect([error.status, error.sheet]).toEqual([413, '(workbook)']);
    expect(error.problem).toBe("the part xl/_rels/workbook.xml.rels expands to more than 4194304 bytes (4 MiB); a workbook's index of sheets and names takes a few kilobytes");
  });

  it('names a part that is no sheet by its path', async () => {
    const error = refusal(await workbookWithParts({ 'docProps/core.xml': (xml) => xml + ' '.repeat(70 * 1024 * 1024) }));
    expect([error.status, error.sheet]).toEqual([413, '(workbook)']);
    expect(error.problem).toMatch(/^the workbook declares \d+ bytes \(\d+(\.\d)? MiB\) uncompressed, the part docProps\/core.xml 73400\d{3} bytes \(70 MiB\) of them; the limit is 67108864 bytes \(64 MiB\)$/);
  });

  it('refuses what is not a zip file as not a workbook', () => {
    expect(refusal(Buffer.from('PK but not really')).problem).toBe('the file is not an .xlsx workbook (too short to be a zip file)');
    expect(refusal(Buffer.alloc(100, 'x')).problem).toBe('the file is not an .xlsx workbook (no end of central directory record)');
  });
});
