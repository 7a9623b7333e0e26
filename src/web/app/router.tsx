import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { AdminLayout } from '../components/layouts/admin-layout';
import { ProtectedLayout } from '../components/layouts/protected-layout';
import { SharedLayout } from '../components/layouts/shared-layout';
import { StatusMessage } from '../components/ui/status-message';
import { AuthPage, SignUpPage } from '../features/auth';
import { ContactPage } from '../features/contact';
import {
  DocsPage,
  LandingPage,
  PricingPage,
  PrivacyPolicyPage,
  TermsOfServicePage,
} from '../features/marketing';
import { ReferralLandingPage } from '../features/referral-landing';
import { AppRoot } from './app-root';
import { FallbackRedirect } from './fallback-redirect';
import { RouteError } from './route-error';

/** Signed-in and admin screens load on demand: charts and tables stay out of the landing bundle. */
function lazyPage(path: string | undefined, load: () => Promise<ComponentType>): RouteObject {
  const lazy = async () => ({ Component: await load() });
  return path === undefined ? { index: true, lazy } : { path, lazy };
}

const publicRoutes: RouteObject[] = [
  { index: true, Component: LandingPage },
  { path: 'auth', Component: AuthPage },
  { path: 'sign-up', Component: SignUpPage },
  { path: 'pricing', Component: PricingPage },
  { path: 'docs', Component: DocsPage },
  { path: 'privacy-policy', Component: PrivacyPolicyPage },
  { path: 'terms-of-service', Component: TermsOfServicePage },
  { path: 'contact', Component: ContactPage },
  { path: 'r/:code', Component: ReferralLandingPage },
  { path: 'referral/:code', Component: ReferralLandingPage },
];

const userRoutes: RouteObject[] = [
  lazyPage('dashboard', async () => (await import('../features/dashboard')).DashboardPage),
  lazyPage('offers', async () => (await import('../features/offers')).OffersPage),
  lazyPage('heatmap', async () => (await import('../features/heatmap')).HeatmapPage),
  lazyPage('payments', async () => (await import('../features/payments')).PaymentsPage),
  lazyPage('trades', async () => (await import('../features/trades')).TradesPage),
  lazyPage('referrals', async () => (await import('../features/referrals')).ReferralsPage),
  lazyPage('settings', async () => (await import('../features/settings')).SettingsPage),
  lazyPage('analysis', async () => (await import('../features/analysis')).SignalQualityPage),
];

const loadAdminDashboard = async () => (await import('../features/admin-dashboard')).AdminDashboardPage;

/** Children of AdminLayout, which renders them for admins only (the spec's "registered only for admins"). */
const adminRoutes: RouteObject[] = [
  lazyPage(undefined, loadAdminDashboard),
  lazyPage('dashboard', loadAdminDashboard),
  lazyPage('pair-status', async () => (await import('../features/admin-pair-status')).PairStatusPage),
  lazyPage('reports', async () => (await import('../features/admin-reports')).ReportsPage),
  lazyPage('settings', async () => (await import('../features/admin-settings')).PlatformSettingsPage),
  lazyPage('pairs', async () => (await import('../features/admin-pairs')).ManagePairsPage),
  lazyPage(
    'offer-analytics',
    async () => (await import('../features/admin-offer-analytics')).OfferAnalyticsPage,
  ),
  lazyPage('approvals', async () => (await import('../features/admin-approvals')).ApprovalsPage),
];

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: AppRoot,
    errorElement: <RouteError />,
    hydrateFallbackElement: <StatusMessage fullScreen>Loading...</StatusMessage>,
    children: [
      {
        Component: SharedLayout,
        children: [
          ...publicRoutes,
          { Component: ProtectedLayout, children: userRoutes },
          { path: 'admin', Component: AdminLayout, children: adminRoutes },
          { path: '*', Component: FallbackRedirect },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
