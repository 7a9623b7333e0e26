/**
 * What the publication gate makes of a pair's offers (DESIGN: Publication gate). A family that
 * passes the gate on the stored candles holds positions at its latest daily close; each becomes an
 * offer that holds to the position's end without take-profit or stop-loss, as the family's
 * validated trades did, with the family's figures. While the family holds the position on at its
 * next daily close the offer is extended, as its research extended the trade instead of paying a
 * second round trip; once a later close no longer holds it, the offer ends.
 */
import type { GateFamily, LivePosition, PublicationGate } from '../../../contract/signal-quality';
import { HOUR_MS } from '../../shared/time';

/** A live position with the figures of the family that holds it. */
export interface GatePosition extends LivePosition {
  trades: number;
  tStat: number;
  deflatedSharpe: number;
  pbo: number;
  trials: number;
}

/** The gate as one pair's publication sees it. */
export interface PairGate {
  /** Families that pass on the stored candles. */
  passing: string[];
  /** Open time (ms) of the latest daily decision candle, or null before there is one. */
  latestDecision: number | null;
  /** Positions on this pair, best 95 % lower bound first. */
  positions: GatePosition[];
}

/**
 * An offer stays live this long past its position's end: the next daily close is stored and judged
 * a little after that end, and the offer must still be live to be extended rather than re-offered.
 */
export const HOLD_ON_GRACE_MS = 2 * HOUR_MS;

/** Market time (ms) of the close that ends the position: its entry at the next open plus its hold. */
export function positionEnd(position: Pick<LivePosition, 'decidedAt' | 'holdHours'>): number {
  return Date.parse(position.decidedAt) + HOUR_MS + position.holdHours * HOUR_MS;
}

/**
 * Market time a trade taken from an offer closes at the latest: the end of its horizon, plus the
 * grace a family's position keeps for its next daily close.
 */
export function tradeEndOf(offer: {
  entryAt: number;
  horizonMinutes: number;
  heldByFamily: boolean;
}): number {
  return offer.entryAt + offer.horizonMinutes * 60_000 + (offer.heldByFamily ? HOLD_ON_GRACE_MS : 0);
}

/** The pair's part of the latest gate; null when no gate has been judged yet. */
export function pairGateOf(gate: PublicationGate | null, symbol: string): PairGate | null {
  if (!gate) return null;
  const families = new Map<string, GateFamily>(gate.families.map((f) => [f.name, f]));
  const positions = (gate.live ?? [])
    .filter((p) => p.symbol === symbol && families.get(p.family)?.passes === true)
    .map((p): GatePosition => {
      const family = families.get(p.family)!;
      return {
        ...p,
        trades: family.signals,
        tStat: family.tStat ?? 0,
        deflatedSharpe: family.deflatedSharpe ?? 0,
        pbo: family.pbo ?? 1,
        trials: gate.trials,
      };
    })
    .sort((a, b) => b.lowerBoundPercent - a.lowerBoundPercent);
  return {
    passing: gate.families.filter((f) => f.passes).map((f) => f.name),
    latestDecision: gate.latestDecision ? Date.parse(gate.latestDecision) : null,
    positions,
  };
}

/** A live offer a family published: which position it holds. */
export interface LiveGateOffer {
  id: string;
  positionType: string;
  family: string;
  decidedAt: string;
}

export type GateAction =
  | { kind: 'create'; position: GatePosition }
  | { kind: 'extend'; offerId: string; position: GatePosition }
  | { kind: 'end'; offerId: string };

export interface GatePlan {
  actions: GateAction[];
  /** Why nothing new is offered on the pair, when nothing is and no family offer is live. */
  skippedBecause: string | null;
}

const sameHolding = (offer: LiveGateOffer, p: GatePosition) =>
  offer.family === p.family && offer.positionType === p.side;

/**
 * The changes the gate asks of one pair's offers at market time `now`: extend or end each live
 * family offer, and create at most one new offer (an analysis publishes at most one).
 */
export function planGateOffers(
  pair: string,
  gate: PairGate | null,
  live: LiveGateOffer[],
  now: number,
): GatePlan {
  if (!gate) return { actions: [], skippedBecause: 'the publication gate has not been judged yet' };
  const actions: GateAction[] = [];
  for (const offer of live) {
    const held = gate.positions.find((p) => sameHolding(offer, p));
    if (held && Date.parse(held.decidedAt) > Date.parse(offer.decidedAt))
      actions.push({ kind: 'extend', offerId: offer.id, position: held });
    else if (!held && gate.latestDecision !== null && gate.latestDecision > Date.parse(offer.decidedAt))
      actions.push({ kind: 'end', offerId: offer.id });
  }
  // One live offer per pair and position type: a slot held by another family's offer waits for it.
  const fresh = gate.positions.filter(
    (p) =>
      !live.some((o) => o.positionType === p.side) &&
      p.lowerBoundPercent > 0 &&
      positionEnd(p) + HOLD_ON_GRACE_MS > now,
  );
  const [best] = fresh;
  if (best) return { actions: [...actions, { kind: 'create', position: best }], skippedBecause: null };
  if (live.length > 0) return { actions, skippedBecause: null };
  return { actions, skippedBecause: whyNothing(pair, gate) };
}

function whyNothing(pair: string, gate: PairGate): string {
  if (gate.passing.length === 0) return 'no strategy family passes the publication gate';
  if (gate.positions.length === 0)
    return `no family that passes the publication gate (${gate.passing.join(', ')}) holds ${pair} at its latest daily close`;
  if (gate.positions.every((p) => p.lowerBoundPercent <= 0))
    return `the 95 % lower bound of ${pair}'s expected profit is not above zero`;
  return `the position on ${pair} ended before the next daily close was judged`;
}

/** The offer's text: what the family holds and the figures that let it through the gate. */
export function describeGateOffer(pair: string, p: GatePosition): string {
  const signed = (x: number) => `${x >= 0 ? '+' : ''}${x.toFixed(2)} %`;
  // The decision candle opens at 23:00 UTC: its close ends that day.
  const day = p.decidedAt.slice(0, 10);
  return (
    `${pair}: the ${p.family} family (${p.variant}) holds ${p.side} from the daily close of ${day} for ` +
    `${p.holdHours} h, to be extended while it holds on. On the stored candles its ${p.trades} trades netted ` +
    `${signed(p.expectedProfitPercent)} each after fees and slippage (t ${p.tStat.toFixed(2)}, 95 % lower bound ` +
    `${signed(p.lowerBoundPercent)}), ${p.successRate.toFixed(0)} % of them in profit; deflated Sharpe ` +
    `${p.deflatedSharpe.toFixed(2)} over ${p.trials} variants tried, PBO ${p.pbo.toFixed(2)}. ` +
    `Like those trades, the offer holds to its end without take-profit or stop-loss.`
  );
}
