// An engine thread that fails on purpose for some pairs and behaves like the real one for the rest.
import { tsImport } from 'tsx/esm/api';

const real = await tsImport('../engine-tasks.ts', import.meta.url);
const hoard = [];

export function analyze(task) {
  if (task.pair === 'CRASH/USD') process.exit(3);
  if (task.pair === 'OOM/USD') for (;;) hoard.push(new Array(100_000).fill(task.pair));
  if (task.pair === 'HANG/USD') for (;;);
  return real.analyze(task);
}

export const evaluate = real.evaluate;
export const gate = real.gate;
