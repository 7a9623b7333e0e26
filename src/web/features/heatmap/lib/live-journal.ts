import type { HeatMap, HeatMapUpdate } from '../../../../contract/heatmap';
import type { HeatmapFilters } from './heatmap-filters';
import { applyLiveUpdate } from './live-entries';

/**
 * The live changes that arrive while an answer of the server is on its way. A change is merged
 * into the map the screen holds; while a changed filter's answer is pending, none is held (the
 * screen shows a placeholder), and the answer, read on the server before the change, would drop
 * it. Each pending fetch collects the changes that come meanwhile and replays them on its answer,
 * in order: one the server had already counted only sets the same figures again.
 */
export function createLiveJournal() {
  /** The changes each pending fetch has seen come. */
  const pending = new Set<HeatMapUpdate[]>();

  return {
    record(update: HeatMapUpdate): void {
      for (const seen of pending) seen.push(update);
    },
    /** Fetches the map and returns it with the changes that came meanwhile. */
    async during(fetchMap: () => Promise<HeatMap>, filters: HeatmapFilters): Promise<HeatMap> {
      const seen: HeatMapUpdate[] = [];
      pending.add(seen);
      try {
        const map = await fetchMap();
        return seen.reduce((held, update) => applyLiveUpdate(held, update, filters), map);
      } finally {
        pending.delete(seen);
      }
    },
  };
}
