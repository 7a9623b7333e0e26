export interface NavItem {
  to: string;
  label: string;
  /** Extra paths that also count as this item being active (e.g. /admin for /admin/dashboard). */
  alsoActiveOn?: readonly string[];
}

export const publicHeaderLinks: readonly NavItem[] = [
  { to: '/', label: 'Home' },
  { to: '/pricing', label: 'Pricing' },
  { to: '/docs', label: 'Docs' },
];

export const loginLink: NavItem = { to: '/auth', label: 'Login' };

export const signedInHeaderLinks: readonly NavItem[] = [
  { to: '/dashboard', label: 'Dashboard' },
  { to: '/offers', label: 'Offers' },
  { to: '/payments', label: 'Payments' },
  { to: '/trades', label: 'Trades' },
  { to: '/referrals', label: 'Referrals' },
  { to: '/analysis', label: 'Analysis' },
  { to: '/settings', label: 'Settings' },
];

export const adminHeaderLink: NavItem = { to: '/admin', label: 'Admin' };

export const sidebarMainLinks: readonly NavItem[] = [
  { to: '/dashboard', label: 'Dashboard' },
  { to: '/offers', label: 'Offers' },
  { to: '/heatmap', label: 'Heatmap' },
  { to: '/payments', label: 'Payments' },
  { to: '/trades', label: 'Trades' },
  { to: '/referrals', label: 'Referrals' },
  { to: '/settings', label: 'Settings' },
];

export const sidebarAdminLinks: readonly NavItem[] = [
  { to: '/admin/dashboard', label: 'Admin Dashboard', alsoActiveOn: ['/admin'] },
  { to: '/admin/pair-status', label: 'All-Seeing Eye' },
  { to: '/admin/reports', label: 'Reports' },
  { to: '/admin/settings', label: 'Platform Settings' },
  { to: '/admin/offer-analytics', label: 'Offer Analytics' },
  { to: '/admin/pairs', label: 'Manage Pairs' },
  { to: '/admin/approvals', label: 'Pending Approvals' },
];

/** Header items match their whole subtree (Admin lights up on every /admin page); '/' only itself. */
export function isHeaderItemActive(item: NavItem, pathname: string): boolean {
  if (item.to === '/') return pathname === '/';
  return pathname === item.to || pathname.startsWith(`${item.to}/`);
}

export function isSidebarItemActive(item: NavItem, pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return path === item.to || (item.alsoActiveOn?.includes(path) ?? false);
}
