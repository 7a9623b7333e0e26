/** `npm run bench`: measured speed figures, printed as one table. BENCH_SECONDS sets each load's length. */
import { benchHttp } from './http';
import { printTable, type BenchRow } from './table';

const rows: BenchRow[] = [];
rows.push(...(await benchHttp()));
printTable(rows);
process.exit(0);
