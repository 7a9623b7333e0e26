import type { OffersListQuery } from '../lib/offers-query';

/** Everything the offers screen caches. */
export const offersKeys = {
  all: ['offers'] as const,
  /** Every filtered list (one infinite query each; its pages are the 'Load More' steps). */
  list: ['offers', 'list'] as const,
  listFor: (query: OffersListQuery) => ['offers', 'list', query] as const,
  /** The kill switch's state (issue #20). */
  halt: ['offers', 'halt'] as const,
};

/** Trader spec 9: offers page size; 'Load More' only when the last page held exactly this many. */
export const OFFERS_PAGE_SIZE = 20;
