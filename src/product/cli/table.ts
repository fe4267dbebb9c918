/** Plain aligned columns, as `ls -l` and `docker ps` print them: greppable, and readable on any terminal. */
export function tableLines(header: string[], rows: string[][]): string[] {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  return [header, ...rows].map((row) => row.map((c, i) => c.padEnd(widths[i])).join('  ').trimEnd());
}
