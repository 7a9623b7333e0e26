/** Candle CSV files → a research universe (one series per base asset), for the research scripts. */
import { readFileSync } from 'node:fs';
import { readCandleCsv } from '../src/server/engine/candles';
import type { Universe } from '../src/server/research/types';
import { buildUniverse, pickOnePerBase, symbolFromFile } from '../src/server/research/universe';

export function readUniverseFiles(files: readonly string[]): Universe {
  const series = files.map((file) => ({
    symbol: symbolFromFile(file),
    candles: readCandleCsv(readFileSync(file, 'utf8')),
  }));
  return buildUniverse(pickOnePerBase(series));
}

/** The first hour of the universe at or after `time` (epoch ms); 0 when it is undefined. */
export function hourFrom(universe: Universe, time: number | undefined): number {
  return time === undefined ? 0 : Math.max(0, Math.ceil((time - universe.start) / 3_600_000));
}
