export interface BenchRow {
  name: string;
  value: string;
  detail: string;
}

export function printTable(rows: BenchRow[]): void {
  const widths = [
    Math.max(9, ...rows.map((r) => r.name.length)),
    Math.max(6, ...rows.map((r) => r.value.length)),
    Math.max(6, ...rows.map((r) => r.detail.length)),
  ];
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  console.log(line(['benchmark', 'result', 'detail']));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const row of rows) console.log(line([row.name, row.value, row.detail]));
}
