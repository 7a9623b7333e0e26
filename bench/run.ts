/** `npm run bench`: measured speed figures, printed as one table. BENCH_SECONDS sets each load's length. */
import { benchEngine } from './engine';
import { benchHeatMap } from './heatmap';
import { benchHttp } from './http';
import { printTable, type BenchRow } from './table';

const rows: BenchRow[] = [];
rows.push(...(await benchHttp()));
rows.push(...(await benchEngine()));
rows.push(...(await benchHeatMap()));
printTable(rows);
process.exit(0);
