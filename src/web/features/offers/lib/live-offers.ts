import type { Offer } from '../../../../contract/offers';
import type { OffersPage, OffersPages } from '../api/get-offers';

/*
 * Live offers merged into the loaded pages (trader spec 4): an updated offer replaces the one with
 * the same id; a new offer goes to the top of the list. Pure, so the merge rules are unit-tested.
 */

/** Whether the list as filtered holds an offer (its status among the selected ones, its scores in range...). */
export type ListedTest = (offer: Offer) => boolean;

export type OfferUpdateOutcome = 'replaced' | 'removed' | 'absent';

/**
 * Replaces the listed offer with the update. An offer that no longer matches the filters (it
 * expired, closed, or its scores left the range) is dropped instead, as a reload would drop it, so
 * no dead offer keeps an Accept button. Offers not on screen are left out: the trader may have
 * acted on them already.
 */
export function applyOfferUpdate(
  pages: OffersPages,
  offer: Offer,
  isListed: ListedTest,
): { pages: OffersPages; outcome: OfferUpdateOutcome } {
  const listed = isListed(offer);
  let outcome: OfferUpdateOutcome = 'absent';
  const next = pages.pages.map((page) => {
    const index = page.data.findIndex((o) => o.id === offer.id);
    if (index < 0) return page;
    outcome = listed ? 'replaced' : 'removed';
    const data = listed ? page.data.with(index, offer) : page.data.filter((o) => o.id !== offer.id);
    return { ...page, data, total: listed ? page.total : Math.max(0, page.total - 1) };
  });
  return outcome === 'absent' ? { pages, outcome } : { pages: { ...pages, pages: next }, outcome };
}

/**
 * Puts a new offer at the top of the first page when the filters would list it. One already
 * listed (an event that raced the page load) is replaced where it is, so an offer never shows twice.
 */
export function applyNewOffer(pages: OffersPages, offer: Offer, isListed: ListedTest): OffersPages {
  const existing = applyOfferUpdate(pages, offer, isListed);
  if (existing.outcome !== 'absent' || !isListed(offer)) return existing.pages;
  const [first, ...rest] = pages.pages;
  if (!first) return pages;
  return { ...pages, pages: [{ ...first, data: [offer, ...first.data], total: first.total + 1 }, ...rest] };
}

/** The loaded pages as one list; a row that a later page repeats (the list shifted) shows once. */
export function flattenOffers(pages: { pages: readonly OffersPage[] } | undefined): Offer[] {
  if (!pages) return [];
  const seen = new Set<string>();
  const offers: Offer[] = [];
  for (const page of pages.pages)
    for (const offer of page.data) {
      if (seen.has(offer.id)) continue;
      seen.add(offer.id);
      offers.push(offer);
    }
  return offers;
}
