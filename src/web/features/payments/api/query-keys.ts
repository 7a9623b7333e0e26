/** Everything this screen caches; a money movement refreshes all of it. */
export const paymentsKeys = {
  all: ['payments'] as const,
  balance: ['payments', 'balance'] as const,
  history: (page: number) => ['payments', 'history', page] as const,
};

/** Trader spec 9: payments page size. */
export const PAYMENTS_PAGE_SIZE = 10;
