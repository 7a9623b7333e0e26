/**
 * The heat map as a read model: the latest entry of every active pair, held in memory so a read
 * is a filter and a sort over a few hundred objects, never a database query.
 *
 * It loads every active pair at start, then re-reads one pair whenever the bus says something
 * behind it changed (analysis_completed, new_offer, offer_update, worker_log, pair_updates, or a
 * `refreshPair` call), and tells this process's sockets and streams with `heatmap_update` to room
 * `public`, coalesced into one partial map of changes per burst (heat-map.publisher.ts). Every api process keeps its own copy: `refreshPair` also publishes `heatmap_refresh` so
 * the others re-read too. A full reload every few minutes catches anything a lost message missed.
 */
import type { HeatMapEntry } from '../../../contract/heatmap';
import { isBusEvent, type BusMessage, type EventBus } from '../../realtime/event-bus';
import { materialize, toHeatRecord, type CurrentEntry, type HeatRecord } from './heat-map.entry';
import { createHeatMapPublisher } from './heat-map.publisher';
import { loadHeatInputs, type HeatSources } from './heat-map.inputs';

const RELOAD_EVERY_MS = 5 * 60 * 1000;

interface Logger {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface HeatMapStoreDeps {
  /** Where the entries' data comes from: the owning modules' services (heat-map.inputs.ts). */
  sources: HeatSources;
  bus: EventBus;
  now?: () => number;
  log?: Logger;
  reloadEveryMs?: number;
  /** heatmap_update coalescing (see heat-map.publisher.ts for the defaults). */
  publishQuietMs?: number;
  publishMaxWaitMs?: number;
}

/** Which pair a bus event concerns, when it can change that pair's entry. */
function pairTouched(message: BusMessage, self: string): string | null {
  if (isBusEvent(message, 'analysis_completed')) return message.payload.pair;
  if (isBusEvent(message, 'heatmap_refresh')) return message.origin === self ? null : message.payload.pair;
  if (isBusEvent(message, 'new_offer') || isBusEvent(message, 'offer_update')) return message.payload.pair;
  if (isBusEvent(message, 'worker_log') || isBusEvent(message, 'pair_updates')) return message.payload.pair;
  return null;
}

export function createHeatMapStore(deps: HeatMapStoreDeps) {
  const { sources, bus } = deps;
  const now = deps.now ?? Date.now;
  const log: Logger = deps.log ?? {
    warn: (details, message) => console.warn(`[heat-map] ${message}`, details),
    error: (details, message) => console.error(`[heat-map] ${message}`, details),
  };
  const current = new Map<string, CurrentEntry>();
  /** When each pair was last re-read on its own (a full reload started earlier must not undo it). */
  const refreshedAt = new Map<string, number>();
  const inFlight = new Map<string, { running: Promise<void>; again: boolean }>();
  let unsubscribe: (() => void) | null = null;
  let timer: NodeJS.Timeout | null = null;
  let seq = 0;
  const publisher = createHeatMapPublisher({
    publish: (update) => bus.publish('heatmap_update', update, ['public'], { local: true }),
    quietMs: deps.publishQuietMs,
    maxWaitMs: deps.publishMaxWaitMs,
  });

  function build(record: HeatRecord, at: number): CurrentEntry | null {
    try {
      return materialize(record, at);
    } catch (error) {
      log.error({ pair: record.pair, err: error }, 'heat-map entry breaks the contract; pair left out');
      return null;
    }
  }

  function fresh(entry: CurrentEntry, at: number): CurrentEntry | null {
    if (entry.validUntil > at) return entry;
    const rebuilt = build(entry.record, at);
    if (rebuilt) current.set(entry.record.pair, rebuilt);
    else current.delete(entry.record.pair);
    return rebuilt;
  }

  async function readPair(pair: string): Promise<void> {
    const mark = ++seq;
    const inputs = (await loadHeatInputs(sources, { symbols: [pair], now: new Date(now()) })).get(pair);
    refreshedAt.set(pair, mark);
    const record = inputs ? toHeatRecord(inputs) : null;
    if (inputs && !record) log.warn({ pair }, 'no usable completed analysis; pair not on the heat map');
    const before = current.get(pair);
    const after = record ? build(record, now()) : null;
    if (!after) {
      current.delete(pair);
      publisher.removed(pair);
      return;
    }
    current.set(pair, after);
    if (before?.json !== after.json) publisher.changed(pair, after.entry);
  }

  /** Re-reads one pair; overlapping calls for the same pair collapse into one extra read. */
  function refreshLocal(pair: string): Promise<void> {
    const pending = inFlight.get(pair);
    if (pending) {
      pending.again = true;
      return pending.running;
    }
    const state = { running: Promise.resolve(), again: false };
    state.running = (async () => {
      try {
        do {
          state.again = false;
          await readPair(pair);
        } while (state.again);
      } catch (error) {
        log.error({ pair, err: error }, 'heat-map refresh failed; keeping the previous entry');
      } finally {
        inFlight.delete(pair);
      }
    })();
    inFlight.set(pair, state);
    return state.running;
  }

  async function reload(): Promise<void> {
    const mark = ++seq;
    const all = await loadHeatInputs(sources, { now: new Date(now()) });
    const at = now();
    const untouched = (pair: string) => (refreshedAt.get(pair) ?? 0) < mark;
    for (const pair of [...current.keys()]) {
      if (all.has(pair) || !untouched(pair)) continue;
      current.delete(pair);
      publisher.removed(pair);
    }
    for (const [pair, inputs] of all) {
      if (!untouched(pair)) continue;
      const record = toHeatRecord(inputs);
      const entry = record ? build(record, at) : null;
      if (entry) {
        current.set(pair, entry);
        publisher.loaded(pair, entry.entry);
      } else {
        current.delete(pair);
        publisher.removed(pair);
      }
    }
  }

  return {
    /** Subscribes to the bus, loads every active pair and schedules the periodic reload. */
    async start(): Promise<void> {
      unsubscribe ??= bus.subscribe((message) => {
        const pair = pairTouched(message, bus.nodeId);
        if (pair) void refreshLocal(pair);
      });
      await reload();
      if (!timer && (deps.reloadEveryMs ?? RELOAD_EVERY_MS) > 0) {
        timer = setInterval(() => {
          reload().catch((error: unknown) => log.error({ err: error }, 'heat-map reload failed'));
        }, deps.reloadEveryMs ?? RELOAD_EVERY_MS);
        timer.unref();
      }
    },
    stop(): void {
      unsubscribe?.();
      unsubscribe = null;
      if (timer) clearInterval(timer);
      timer = null;
      publisher.stop();
    },
    /** Sends the pending heatmap_update now instead of after the quiet period. */
    flushUpdates: () => publisher.flush(),
    /** Reads every active pair again (after bulk changes, and in tests after seeding). */
    reload,
    /**
     * Re-reads one pair here, then asks the other processes to do the same. For changes the bus
     * does not already announce (a trigger fired, an error logged, a pair edited).
     */
    async refreshPair(pair: string): Promise<void> {
      await refreshLocal(pair);
      bus.publish('heatmap_refresh', { pair });
    },
    /** Every entry as of now (time windows applied). */
    entries(): CurrentEntry[] {
      const at = now();
      const out: CurrentEntry[] = [];
      for (const entry of current.values()) {
        const live = fresh(entry, at);
        if (live) out.push(live);
      }
      return out;
    },
    get(pair: string): HeatMapEntry | undefined {
      const entry = current.get(pair);
      return entry ? (fresh(entry, now())?.entry ?? undefined) : undefined;
    },
    now,
  };
}

export type HeatMapStore = ReturnType<typeof createHeatMapStore>;
