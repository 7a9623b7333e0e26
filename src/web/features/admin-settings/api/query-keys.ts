export interface TriggersPage {
  page: number;
  pageSize: number;
}

/**
 * Every admin query starts with 'admin' (the dashboard's too), so one invalidation after any
 * admin mutation refetches every admin list (admin spec 4).
 */
export const settingsKeys = {
  admin: ['admin'] as const,
  globalSettings: ['admin', 'global-settings'] as const,
  triggers: (query: TriggersPage) => ['admin', 'all-triggers', query] as const,
};
