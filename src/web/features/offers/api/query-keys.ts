/** Everything the offers screen caches. */
export const offersKeys = {
  all: ['offers'] as const,
  /** The paged list (one infinite query; its pages are the 'Load More' steps). */
  list: ['offers', 'list'] as const,
  preferences: ['offers', 'preferences'] as const,
};

/** Trader spec 9: offers page size; 'Load More' only when the last page held exactly this many. */
export const OFFERS_PAGE_SIZE = 20;
