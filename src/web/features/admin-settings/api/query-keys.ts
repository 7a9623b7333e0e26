import { ADMIN_QUERY_KEY } from '../../../lib/admin-mutation';

export interface TriggersPage {
  page: number;
  pageSize: number;
}

/**
 * Every admin query starts with 'admin' (the dashboard's too), so one invalidation after any
 * admin mutation refetches every admin list (admin spec 4).
 */
export const settingsKeys = {
  admin: ADMIN_QUERY_KEY,
  globalSettings: [...ADMIN_QUERY_KEY, 'global-settings'] as const,
  tradingHalt: [...ADMIN_QUERY_KEY, 'trading-halt'] as const,
  triggers: (query: TriggersPage) => [...ADMIN_QUERY_KEY, 'all-triggers', query] as const,
};
