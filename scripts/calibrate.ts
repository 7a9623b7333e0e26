/**
 * `npm run calibrate -- [--json] [--step=H] [--lookback=D] [--warmup=D] [--fee=P] [--from=DATE] <csv files…>`
 * Walk-forward calibration of the engine's success rate and expected profit on candle CSV files
 * (`timestamp_ms,open,high,low,close,volume`, any timeframe ≤ 1 h, gaps allowed), then the strategy
 * families judged by the publication gate and what the gate would have published (the research
 * harness, at Kraken's current fees). Prints tables, or with --json exactly one JSON object:
 * { deciles, mae, brier, brierBaseline, signals, expectedProfit, families, published }.
 */
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { basename } from 'node:path';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import {
  CALIBRATION_DEFAULTS,
  evaluateSignals,
  summarizeCalibration,
  type CalibrationOptions,
  type EvaluatedSignal,
} from '../src/server/engine/calibration';
import { readCandleCsv } from '../src/server/engine/candles';
import { KRAKEN_CURRENT } from '../src/server/research/costs';
import { printResearch } from '../src/server/research/print-research';
import { RESEARCH_TRIALS } from '../src/server/research/research-trials';
import { runResearch } from '../src/server/research/run-research';
import { hourFrom, readUniverseFiles } from './research-files';

const NUMERIC_FLAGS: Record<string, keyof CalibrationOptions> = {
  '--step': 'stepHours',
  '--lookback': 'lookbackDays',
  '--warmup': 'warmupDays',
  '--fee': 'takerFeePercent',
};

function parseArgs(argv: string[]) {
  const files: string[] = [];
  const options: CalibrationOptions = {};
  let json = false;
  for (const arg of argv) {
    if (arg === '--json') json = true;
    else if (arg.startsWith('--')) {
      const [flag = '', value] = arg.split('=');
      if (flag === '--from') {
        const from = Date.parse(value ?? '');
        if (!Number.isFinite(from))
          throw new Error(`--from needs a date, e.g. --from=2025-11-06, got ${arg}`);
        options.evaluateFrom = from;
        continue;
      }
      const key = NUMERIC_FLAGS[flag];
      if (!key || value === undefined || !Number.isFinite(Number(value)))
        throw new Error(`unknown or malformed option ${arg}`);
      options[key] = Number(value);
    } else files.push(arg);
  }
  return { files, options, json };
}

const fmt = (x: number | null, digits = 1) => (x === null ? '—' : x.toFixed(digits));

function printTable(signals: EvaluatedSignal[], options: CalibrationOptions, seconds: number) {
  const r = summarizeCalibration(signals);
  const o = { ...CALIBRATION_DEFAULTS, ...options };
  const from = o.evaluateFrom > 0 ? `, from ${new Date(o.evaluateFrom).toISOString().slice(0, 10)}` : '';
  console.log(
    `Walk-forward calibration: ${r.signals} signals, every ${o.stepHours} h after ${o.warmupDays} days${from}, ` +
      `${o.lookbackDays}-day lookback, taker fee ${o.takerFeePercent} % (${seconds.toFixed(1)} s)\n`,
  );
  console.log('| predicted band | mean predicted % | realised % | count |');
  console.log('|---|---|---|---|');
  r.deciles.forEach((d, k) =>
    console.log(`| ${k * 10}-${k * 10 + 10} | ${fmt(d.predicted)} | ${fmt(d.realised)} | ${d.count} |`),
  );
  console.log(
    `\nMAE ${r.mae.toFixed(2)} points · Brier ${r.brier.toFixed(4)} vs baseline ${r.brierBaseline.toFixed(4)}`,
  );
  const ev = r.expectedProfit;
  console.log('\nExpected profit (net of fees) by predicted quintile:\n');
  console.log('| quintile | mean predicted % | mean realised % | count |');
  console.log('|---|---|---|---|');
  ev.quintiles.forEach((q, k) =>
    console.log(`| ${k + 1} | ${fmt(q.predicted, 2)} | ${fmt(q.realised, 2)} | ${q.count} |`),
  );
  console.log(
    `\nmean predicted ${fmt(ev.meanPredicted, 3)} % · realised ${fmt(ev.meanRealised, 3)} % · ` +
      `bias ${ev.bias >= 0 ? '+' : ''}${ev.bias.toFixed(3)} points · MAE ${ev.mae.toFixed(3)} · ` +
      `correlation ${ev.correlation.toFixed(3)}`,
  );
  const groups = new Map<string, EvaluatedSignal[]>();
  for (const s of signals) groups.set(s.positionType, [...(groups.get(s.positionType) ?? []), s]);
  console.log(
    '\n| position type | count | predicted success % | realised % | predicted profit % | realised profit % |',
  );
  console.log('|---|---|---|---|---|---|');
  const avg = (list: EvaluatedSignal[], f: (s: EvaluatedSignal) => number) =>
    list.reduce((sum, s) => sum + f(s), 0) / list.length;
  for (const [type, list] of [...groups].sort((a, b) => b[1].length - a[1].length)) {
    const predictedProfit = avg(list, (s) => s.predictedProfit);
    const realisedProfit = avg(list, (s) => s.realisedProfit);
    const cells = [
      fmt(avg(list, (s) => s.predicted)),
      fmt((100 * list.filter((s) => s.succeeded).length) / list.length),
      fmt(predictedProfit, 2),
      fmt(realisedProfit, 2),
    ];
    console.log(`| ${type} | ${list.length} | ${cells.join(' | ')} |`);
  }
}

interface Job {
  files: string[];
  options: CalibrationOptions;
}

/** Signals per file path. */
function evaluateFiles({ files, options }: Job): Record<string, EvaluatedSignal[]> {
  const out: Record<string, EvaluatedSignal[]> = {};
  for (const f of files) {
    const candles = readCandleCsv(readFileSync(f, 'utf8'));
    out[f] = evaluateSignals([{ name: basename(f, '.csv'), candles }], options);
  }
  return out;
}

/** Files are independent series, so they are shared out to one worker per core (largest first). */
async function evaluateInParallel(job: Job): Promise<EvaluatedSignal[]> {
  const workers = Math.min(availableParallelism(), job.files.length);
  if (workers <= 1) return Object.values(evaluateFiles(job)).flat();
  const sized = job.files.map((f) => ({ f, size: readFileSync(f).length })).sort((a, b) => b.size - a.size);
  const shares: string[][] = Array.from({ length: workers }, () => []);
  const load = new Array<number>(workers).fill(0);
  for (const { f, size } of sized) {
    const k = load.indexOf(Math.min(...load));
    shares[k]!.push(f);
    load[k]! += size;
  }
  // Workers do not inherit tsx's loader, so each registers it before importing this file.
  const tsx = import.meta.resolve('tsx/esm/api');
  const boot = `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(import.meta.url)}); });`;
  const parts = await Promise.all(
    shares.map(
      (files) =>
        new Promise<Record<string, EvaluatedSignal[]>>((resolve, reject) => {
          const worker = new Worker(boot, { eval: true, workerData: { files, options: job.options } });
          worker.once('message', (signals: Record<string, EvaluatedSignal[]>) => {
            resolve(signals);
            void worker.terminate();
          });
          worker.once('error', reject);
        }),
    ),
  );
  // Keep the order of the files as given, so the output does not depend on scheduling.
  const byFile = Object.assign({}, ...parts) as Record<string, EvaluatedSignal[]>;
  return job.files.flatMap((f) => byFile[f] ?? []);
}

async function main() {
  const { files, options, json } = parseArgs(process.argv.slice(2));
  if (files.length === 0) {
    console.error(
      'usage: npm run calibrate -- [--json] [--step=H] [--lookback=D] [--warmup=D] [--fee=P] [--from=DATE] <csv…>',
    );
    process.exit(2);
  }
  const started = performance.now();
  const signals = await evaluateInParallel({ files, options });
  const researchStarted = performance.now();
  const universe = readUniverseFiles(files);
  const research = runResearch(universe, {
    fees: KRAKEN_CURRENT,
    trials: RESEARCH_TRIALS,
    fromHour: hourFrom(universe, options.evaluateFrom),
  });
  if (json) {
    const { families, published } = research;
    console.log(JSON.stringify({ ...summarizeCalibration(signals), families, published }));
    return;
  }
  printTable(signals, options, (researchStarted - started) / 1000);
  console.log('\n## Strategy families and the publication gate\n');
  printResearch({
    universe,
    result: research,
    fees: KRAKEN_CURRENT.name,
    seconds: (performance.now() - researchStarted) / 1000,
  });
}

if (isMainThread)
  await main().catch((error: unknown) => {
    console.error(`calibrate: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
else parentPort!.postMessage(evaluateFiles(workerData as Job));
