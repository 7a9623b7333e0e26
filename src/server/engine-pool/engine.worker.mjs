// Entry of an engine pool thread. A worker thread does not inherit vitest's TypeScript transform and
// may not inherit tsx's either, so this plain module loads the TypeScript tasks through tsx's scoped
// loader: the same file works under `tsx` (server, bench), vitest and plain node.
import { tsImport } from 'tsx/esm/api';

const tasks = await tsImport('./engine-tasks.ts', import.meta.url);

export const analyze = tasks.analyze;
export const evaluate = tasks.evaluate;
export const gate = tasks.gate;
