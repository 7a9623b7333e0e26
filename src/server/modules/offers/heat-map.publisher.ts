/**
 * Coalesces heat-map changes into few `heatmap_update`s: an analysis cycle re-reads its pairs one
 * after another, and each used to go out on its own with its full histories. Changes are held until
 * `quietMs` pass without another (so one cycle, whose analyses finish back to back, gives one
 * event), but never longer than `maxWaitMs` after the first, so a long cycle still shows progress.
 * Each event is a partial map of the pairs that changed, each with only what changed since it was
 * last sent (heat-map.delta.ts).
 */
import type { HeatMapEntry, HeatMapUpdate } from '../../../contract/heatmap';
import { diffEntry } from './heat-map.delta';

export const PUBLISH_QUIET_MS = 1_000;
export const PUBLISH_MAX_WAIT_MS = 20_000;

export interface HeatMapPublisherDeps {
  publish(update: HeatMapUpdate): void;
  quietMs?: number;
  maxWaitMs?: number;
}

export function createHeatMapPublisher(deps: HeatMapPublisherDeps) {
  const quietMs = deps.quietMs ?? PUBLISH_QUIET_MS;
  const maxWaitMs = deps.maxWaitMs ?? PUBLISH_MAX_WAIT_MS;
  /** What clients hold of each pair: what was last sent, or what they could load when nothing was. */
  const sent = new Map<string, HeatMapEntry>();
  const pending = new Map<string, HeatMapEntry>();
  let timer: NodeJS.Timeout | null = null;
  let firstAt = 0;

  function flush(): void {
    if (timer) clearTimeout(timer);
    timer = null;
    const update: HeatMapUpdate = {};
    for (const [pair, entry] of pending) {
      const delta = diffEntry(sent.get(pair), entry);
      if (delta) update[pair] = delta;
      sent.set(pair, entry);
    }
    pending.clear();
    if (Object.keys(update).length > 0) deps.publish(update);
  }

  return {
    /** A pair's entry changed; it goes out with the next event. */
    changed(pair: string, entry: HeatMapEntry): void {
      pending.set(pair, entry);
      const now = Date.now();
      if (!timer) firstAt = now;
      else clearTimeout(timer);
      timer = setTimeout(flush, Math.max(0, Math.min(quietMs, firstAt + maxWaitMs - now)));
      timer.unref();
    },
    /** A pair left the map; if it comes back, it is sent whole. */
    removed(pair: string): void {
      pending.delete(pair);
      sent.delete(pair);
    },
    /**
     * An entry clients can load without an event (a full reload). Only for pairs never sent: for
     * the others the held copy stays what was sent, so the next delta also covers the reload.
     */
    loaded(pair: string, entry: HeatMapEntry): void {
      if (!sent.has(pair)) sent.set(pair, entry);
    },
    /** Sends what is pending now (shutdown, tests, benchmarks). */
    flush,
    stop(): void {
      if (timer) clearTimeout(timer);
      timer = null;
      pending.clear();
    },
  };
}

export type HeatMapPublisher = ReturnType<typeof createHeatMapPublisher>;
