import type { HeatMap, HeatMapUpdate } from '../../../../contract/heatmap';
import type { HeatmapFilters } from './heatmap-filters';
import { applyLiveUpdate } from './live-entries';

/**
 * The live changes that arrive while an answer of the server is on its way. A change is merged
 * into the map the screen holds; while a changed filter's answer is pending, none is held (the
 * screen shows a placeholder), and the answer, read on the server before the change, would drop
 * it. Each fetch marks where it began and replays on its answer, in order, the changes since:
 * one the server had already counted only sets the same figures again.
 */
export function createLiveJournal() {
  let next = 0;
  const changes: { seq: number; update: HeatMapUpdate }[] = [];
  /** Where each pending fetch began (two may begin at the same place). */
  const open: number[] = [];

  /** Keeps only what a pending answer may still need. */
  function trim(): void {
    const oldest = open.length > 0 ? Math.min(...open) : next;
    while (changes.length > 0 && changes[0]!.seq < oldest) changes.shift();
  }

  return {
    record(update: HeatMapUpdate): void {
      if (open.length === 0) return;
      changes.push({ seq: next, update });
      next += 1;
    },
    /** Fetches the map and returns it with the changes that came meanwhile. */
    async during(fetchMap: () => Promise<HeatMap>, filters: HeatmapFilters): Promise<HeatMap> {
      const mark = next;
      open.push(mark);
      try {
        const map = await fetchMap();
        return changes
          .filter((change) => change.seq >= mark)
          .reduce((held, change) => applyLiveUpdate(held, change.update, filters), map);
      } finally {
        open.splice(open.indexOf(mark), 1);
        trim();
      }
    },
  };
}

export type LiveJournal = ReturnType<typeof createLiveJournal>;
