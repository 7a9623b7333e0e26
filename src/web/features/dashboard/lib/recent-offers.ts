import type { ListOffersResponse, Offer } from '../../../../contract/offers';

/** Trader spec 9: the dashboard's recent offers. */
export const RECENT_OFFERS_LIMIT = 5;

/** offer_update on the dashboard: the listed offer with that id is replaced; others are not added. */
export function replaceRecentOffer(list: ListOffersResponse, offer: Offer): ListOffersResponse {
  if (!list.data.some((held) => held.id === offer.id)) return list;
  return { ...list, data: list.data.map((held) => (held.id === offer.id ? offer : held)) };
}
