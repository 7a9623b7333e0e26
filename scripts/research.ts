/**
 * `npm run research -- [--json] [--variants] [--fees=current|legacy] [--from=DATE] [--trials=N] <csv files…>`
 * `npm run research -- [--json] --market=simulated[:none] [--days=N]`
 * The strategy research harness (src/server/research/): every family's variants on the candle files
 * (one per base asset: the longest series of each), judged by the publication gate, and what the
 * gate would have published walk-forward. `--market` runs it on the simulated market instead, with
 * its planted edge or without any (`simulated:none`), the harness's controls.
 */
import { findFeeSchedule, KRAKEN_CURRENT } from '../src/server/research/costs';
import { RESEARCH_TRIALS } from '../src/server/research/research-trials';
import { printResearch } from '../src/server/research/print-research';
import { runResearch } from '../src/server/research/run-research';
import { buildSimulatedUniverse } from '../src/server/research/simulated-universe';
import type { Universe } from '../src/server/research/types';
import { hourFrom, readUniverseFiles } from './research-files';

interface Args {
  files: string[];
  json: boolean;
  variants: boolean;
  fees: string;
  from?: number;
  trials: number;
  market?: string;
  days: number;
}

function parseArgs(argv: string[]): Args {
  const args: Args = {
    files: [],
    json: false,
    variants: false,
    fees: KRAKEN_CURRENT.name,
    trials: RESEARCH_TRIALS,
    days: 730,
  };
  for (const arg of argv) {
    const [flag = '', value = ''] = arg.split('=');
    if (arg === '--json') args.json = true;
    else if (arg === '--variants') args.variants = true;
    else if (flag === '--fees')
      args.fees = value === 'legacy' ? 'kraken-legacy' : value === 'current' ? 'kraken-current' : value;
    else if (flag === '--from') {
      args.from = Date.parse(value);
      if (!Number.isFinite(args.from))
        throw new Error(`--from needs a date, e.g. --from=2025-05-01, got ${arg}`);
    } else if (flag === '--trials' || flag === '--days') {
      const n = Number(value);
      if (!Number.isInteger(n) || n < 1) throw new Error(`${flag} needs a positive whole number, got ${arg}`);
      if (flag === '--trials') args.trials = n;
      else args.days = n;
    } else if (flag === '--market') args.market = value;
    else if (arg.startsWith('--')) throw new Error(`unknown option ${arg}`);
    else args.files.push(arg);
  }
  return args;
}

async function loadUniverse(args: Args): Promise<Universe> {
  if (args.market) {
    const [source, edge = 'planted'] = args.market.split(':');
    if (source !== 'simulated' || (edge !== 'planted' && edge !== 'none'))
      throw new Error(`--market must be simulated or simulated:none, got ${args.market}`);
    return buildSimulatedUniverse({ seed: 42, edge, end: Date.UTC(2026, 10, 1), days: args.days });
  }
  if (args.files.length === 0) throw new Error('give candle CSV files, or --market=simulated');
  return readUniverseFiles(args.files);
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const universe = await loadUniverse(args);
  const started = performance.now();
  const fromHour = hourFrom(universe, args.from);
  const result = runResearch(universe, { fees: findFeeSchedule(args.fees), trials: args.trials, fromHour });
  if (args.json) {
    const { families, published, trials } = result;
    console.log(JSON.stringify({ families, published, trials }));
  } else
    printResearch({
      universe,
      result,
      fees: args.fees,
      seconds: (performance.now() - started) / 1000,
      variants: args.variants,
    });
}

await main().catch((error: unknown) => {
  console.error(`research: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
