import { describe, expect, it } from 'vitest';
import { isHeaderItemActive, isSidebarItemActive, sidebarAdminLinks } from './nav-links';

describe('nav highlighting', () => {
  const adminDashboard = sidebarAdminLinks[0]!;

  it('lights Admin Dashboard on /admin and /admin/dashboard only', () => {
    expect(isSidebarItemActive(adminDashboard, '/admin')).toBe(true);
    expect(isSidebarItemActive(adminDashboard, '/admin/dashboard/')).toBe(true);
    expect(isSidebarItemActive(adminDashboard, '/admin/reports')).toBe(false);
  });

  it('matches header items by subtree, Home only on /', () => {
    expect(isHeaderItemActive({ to: '/admin', label: 'Admin' }, '/admin/pairs')).toBe(true);
    expect(isHeaderItemActive({ to: '/admin', label: 'Admin' }, '/administrator')).toBe(false);
    expect(isHeaderItemActive({ to: '/', label: 'Home' }, '/docs')).toBe(false);
    expect(isHeaderItemActive({ to: '/', label: 'Home' }, '/')).toBe(true);
  });
});
