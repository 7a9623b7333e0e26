// An engine thread that fails on purpose for some pairs, tells its CPU priority for one, and
// behaves like the real one for the rest.
import { getPriority } from 'node:os';
import { tsImport } from 'tsx/esm/api';

const real = await tsImport('../engine-tasks.ts', import.meta.url);
const hoard = [];

export function analyze(task) {
  if (task.pair === 'CRASH/USD') process.exit(3);
  if (task.pair === 'OOM/USD') for (;;) hoard.push(new Array(100_000).fill(task.pair));
  if (task.pair === 'HANG/USD') for (;;);
  // This thread's own nice value (on Linux, getpriority of the calling thread).
  if (task.pair === 'NICE/USD') return { niceness: getPriority() };
  return real.analyze(task);
}

export const evaluate = real.evaluate;
export const gate = real.gate;
