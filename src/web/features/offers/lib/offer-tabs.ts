import type { Offer } from '../../../../contract/offers';

/*
 * The screen's tabs are views of the loaded list (trader spec 4): hot = status hot; ready = success
 * rate at least 60 and status open; risky = risk level high. 'All' is the spec README's addition,
 * so an honest engine whose rates sit below 60 % never hides its offers. An offer may sit in
 * several tabs (a hot, high-risk offer is in Hot and Risky).
 */

export const OFFER_TABS = ['hot', 'ready', 'risky', 'all'] as const;
export type OfferTab = (typeof OFFER_TABS)[number];

/** Trader spec 2.7: the address-bar default. */
export const DEFAULT_OFFER_TAB: OfferTab = 'hot';

/** Trader spec 9: the Ready tab's threshold. */
export const READY_SUCCESS_RATE = 60;

export const OFFER_TAB_LABELS: Record<OfferTab, string> = {
  hot: 'Hot',
  ready: 'Ready',
  risky: 'Risky',
  all: 'All',
};

const inTab: Record<OfferTab, (offer: Offer) => boolean> = {
  hot: (offer) => offer.status === 'hot',
  ready: (offer) => offer.successRate >= READY_SUCCESS_RATE && offer.status === 'open',
  risky: (offer) => offer.riskLevel === 'high',
  all: () => true,
};

export function offersInTab(offers: readonly Offer[], tab: OfferTab): Offer[] {
  return offers.filter(inTab[tab]);
}

export function countOffersByTab(offers: readonly Offer[]): Record<OfferTab, number> {
  const counts: Record<OfferTab, number> = { hot: 0, ready: 0, risky: 0, all: 0 };
  for (const offer of offers) for (const tab of OFFER_TABS) if (inTab[tab](offer)) counts[tab] += 1;
  return counts;
}

/** 'Hot (3)'. */
export function tabLabel(tab: OfferTab, count: number): string {
  return `${OFFER_TAB_LABELS[tab]} (${count})`;
}

/** The table's title: 'Offers (3 Hot)'. */
export function tableTitle(tab: OfferTab, count: number): string {
  return `Offers (${count} ${OFFER_TAB_LABELS[tab]})`;
}

/** The address bar's `?tab=` as a tab; anything else is the default. */
export function parseOfferTab(value: string | null | undefined): OfferTab {
  return OFFER_TABS.find((tab) => tab === value) ?? DEFAULT_OFFER_TAB;
}
