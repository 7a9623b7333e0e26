/**
 * The trader's offers list as a read model. Every live (open/hot) offer is held in memory as its
 * contract DTO, so `GET /api/offers` is a filter, a sort and a slice — no list query per request.
 *
 * It is loaded on first use, then kept current by the events every offer change already sends
 * (`new_offer`, `offer_update`: the offers module is the only writer of offers, and the bus
 * reaches every process), and reloaded whole every minute to repair anything a lost message
 * missed. The offers a trader accepted or rejected are read per trader and kept for a few seconds;
 * whoever records an accept or reject calls `forgetActed` so the trader's next list is exact.
 *
 * Each offer keeps its JSON (per `include` variant) and each sort order is kept until the next
 * change, so a request costs one pass over the sorted offers and a string join.
 */
import type { ListOffersQuery, Offer } from '../../../contract/offers';
import { isBusEvent, type EventBus } from '../../realtime/event-bus';
import { sortLiveOffers } from './live-offers.query';

const RELOAD_EVERY_MS = 60_000;
const ACTED_CACHE_MS = 5_000;
const ACTED_CACHE_MAX = 10_000;
const LIVE = new Set<string>(['open', 'hot']);

type Include = ListOffersQuery['include'];

/** One live offer and its serialised forms (the contract's Offer, validated when it was built). */
export class LiveOffer {
  private readonly json = new Map<string, string>();
  constructor(readonly offer: Offer) {}

  /** `volume` and `leverage` are null unless the caller asked for them. */
  toJson(include: Include): string {
    const volume = include?.includes('volume') ?? false;
    const leverage = include?.includes('leverage') ?? false;
    const key = `${volume ? 'v' : ''}${leverage ? 'l' : ''}`;
    let text = this.json.get(key);
    if (text === undefined) {
      text = JSON.stringify({
        ...this.offer,
        volume: volume ? this.offer.volume : null,
        leverage: leverage ? this.offer.leverage : null,
      });
      this.json.set(key, text);
    }
    return text;
  }
}

export interface LiveOffersDeps {
  bus: EventBus;
  /** Every live offer as the contract shows it (volume and leverage filled in). */
  loadLive(): Promise<Offer[]>;
  actedOfferIds(userId: string): Promise<string[]>;
  log: { error(details: object, message: string): void };
  now?: () => number;
  reloadEveryMs?: number;
}

export function createLiveOffersStore(deps: LiveOffersDeps) {
  const now = deps.now ?? Date.now;
  let held = new Map<string, LiveOffer>();
  /** Sort orders of the current offers, dropped on every change. */
  let sorted = new Map<string, LiveOffer[]>();
  let loading: Promise<void> | null = null;
  let loadedAt = -Infinity;
  /** Changes seen while a reload reads the table: applied again on top of what it read. */
  let duringReload: Offer[] | null = null;
  const acted = new Map<string, { ids: Set<string>; until: number; refreshing: boolean }>();
  let actedVersion = 0;

  function apply(offer: Offer, into: Map<string, LiveOffer>): void {
    const current = into.get(offer.id)?.offer;
    // Events can cross: an older state never replaces a newer one.
    if (current && current.updatedAt > offer.updatedAt) return;
    if (LIVE.has(offer.status)) into.set(offer.id, new LiveOffer(offer));
    else into.delete(offer.id);
    if (into === held) sorted = new Map();
  }

  async function reload(): Promise<void> {
    duringReload = [];
    try {
      const fresh = new Map((await deps.loadLive()).map((offer) => [offer.id, new LiveOffer(offer)]));
      for (const offer of duringReload) apply(offer, fresh);
      held = fresh;
      sorted = new Map();
      loadedAt = now();
    } finally {
      duringReload = null;
    }
  }

  /** Reloads when never loaded or stale; concurrent callers share one reload. */
  function ensureLoaded(): Promise<void> {
    if (now() - loadedAt < (deps.reloadEveryMs ?? RELOAD_EVERY_MS)) return Promise.resolve();
    const first = loadedAt === -Infinity;
    if (!loading) {
      loading = reload().finally(() => (loading = null));
      if (!first)
        loading.catch((error: unknown) => deps.log.error({ err: error }, 'live offers reload failed'));
    }
    // A first load must finish before anyone reads; a loaded store refreshes behind the request.
    return first ? loading : Promise.resolve();
  }

  const unsubscribe = deps.bus.subscribe((message) => {
    if (!isBusEvent(message, 'new_offer') && !isBusEvent(message, 'offer_update')) return;
    apply(message.payload, held);
    duringReload?.push(message.payload);
  });

  return {
    /** The live offers in the asked order, and the ids this trader has acted on. */
    async snapshot(
      userId: string,
      order: Pick<ListOffersQuery, 'sortBy' | 'sortDir'>,
    ): Promise<{ offers: readonly LiveOffer[]; acted: ReadonlySet<string> }> {
      const [, acted] = await Promise.all([ensureLoaded(), actedBy(userId)]);
      const key = `${order.sortBy} ${order.sortDir}`;
      let offers = sorted.get(key);
      if (!offers) {
        offers = sortLiveOffers(held.values(), order.sortBy, order.sortDir);
        sorted.set(key, offers);
      }
      return { offers, acted };
    },
    /** Re-reads every live offer now (tests that write rows directly; start-up warm-up). */
    reload: () => {
      loadedAt = -Infinity;
      return ensureLoaded();
    },
    /** Call after recording an accept or reject, so the trader's next list leaves that offer out. */
    forgetActed(userId: string): void {
      actedVersion += 1;
      acted.delete(userId);
    },
    close: unsubscribe,
  };

  /** Past half its life an entry is served and re-read behind the request (one read at a time). */
  async function actedBy(userId: string): Promise<ReadonlySet<string>> {
    const hit = acted.get(userId);
    const at = now();
    if (hit && hit.until > at) {
      if (hit.until - at < ACTED_CACHE_MS / 2 && !hit.refreshing) {
        hit.refreshing = true;
        readActed(userId).catch((error: unknown) =>
          deps.log.error({ err: error }, 'reading acted-on offers failed'),
        );
      }
      return hit.ids;
    }
    return readActed(userId);
  }

  async function readActed(userId: string): Promise<ReadonlySet<string>> {
    const version = actedVersion;
    const ids = new Set(await deps.actedOfferIds(userId));
    // A forgetActed meanwhile means this read may predate the recorded accept or reject.
    if (version === actedVersion) {
      if (acted.size >= ACTED_CACHE_MAX) acted.clear();
      acted.set(userId, { ids, until: now() + ACTED_CACHE_MS, refreshing: false });
    }
    return ids;
  }
}

export type LiveOffersStore = ReturnType<typeof createLiveOffersStore>;
