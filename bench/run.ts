/**
 * `npm run bench`: measured speed figures, printed as one table. BENCH_SECONDS sets each load's
 * length; DATABASE_URL runs the database rows on PostgreSQL (the bench makes and drops its own
 * databases there), PGlite otherwise. The cluster rows always run on PostgreSQL (DATABASE_URL's
 * server, else the local one) with a redis-server of their own. BENCH_ONLY=a,b runs only those
 * groups (http, live, fanout, heatmap, engine, ledger, accept, admin-lists, track-record, cluster,
 * webhooks, web, heatmap-screen).
 */
import { benchAccept } from './accept';
import { benchAdminLists } from './admin-lists';
import { benchCluster } from './cluster';
import { benchEngine } from './engine';
import { benchFanOut } from './fanout';
import { benchHeatMap } from './heatmap';
import { benchHttp } from './http';
import { benchLedger } from './ledger';
import { benchLive } from './live';
import { DB_KIND } from './load';
import { printTable, type BenchRow } from './table';
import { benchTrackRecord } from './track-record';
import { benchLanding } from './web-landing';
import { benchHeatmapScreen } from './web-heatmap-screen';
import { benchWebhooks } from './webhooks';

const started = performance.now();
const rows: BenchRow[] = [];
const only = process.env.BENCH_ONLY?.split(',');
const want = (name: string) => !only || only.includes(name);
if (want('http')) rows.push(...(await benchHttp()));
if (want('live')) rows.push(...(await benchLive()));
if (want('fanout')) rows.push(...(await benchFanOut()));
if (want('heatmap')) rows.push(...(await benchHeatMap()));
if (want('engine')) rows.push(...(await benchEngine()));
if (want('ledger')) rows.push(...(await benchLedger()));
if (want('accept')) rows.push(...(await benchAccept()));
if (want('admin-lists')) rows.push(...(await benchAdminLists()));
if (want('track-record')) rows.push(...(await benchTrackRecord()));
if (want('cluster')) rows.push(...(await benchCluster()));
if (want('webhooks')) rows.push(...(await benchWebhooks()));
if (want('web')) rows.push(...(await benchLanding()));
if (want('heatmap-screen')) rows.push(...(await benchHeatmapScreen()));
console.log(
  `\nHeatSignal bench, database rows on ${DB_KIND} (cluster rows on PostgreSQL), ${((performance.now() - started) / 1000).toFixed(0)} s\n`,
);
printTable(rows);
process.exit(0);
