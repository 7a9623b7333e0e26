import { describe, expect, it } from 'vitest';
import {
  isHeaderItemActive,
  isSidebarItemActive,
  publicHeaderLinks,
  signedInHeaderLinks,
  sidebarAdminLinks,
} from './nav-links';

describe('header links', () => {
  // Spec 2.2 lists them exactly; pages the spec adds (the track record) are linked from their pages.
  it("are the spec's, in its order", () => {
    expect(publicHeaderLinks.map((item) => item.to)).toEqual(['/', '/pricing', '/docs']);
    expect(signedInHeaderLinks.map((item) => item.to)).toEqual([
      '/dashboard',
      '/offers',
      '/payments',
      '/trades',
      '/referrals',
      '/analysis',
      '/settings',
    ]);
  });
});

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
