import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { ProtectedLayout } from '../components/layouts/protected-layout';
import { StatusMessage } from '../components/ui/status-message';
import { LandingPage } from '../features/marketing/landing';
import { AppLayout } from './app-layout';
import { AppRoot } from './app-root';
import { FallbackRedirect } from './fallback-redirect';
import { RouteError } from './route-error';

/**
 * Every screen but the landing page loads on demand: the landing's first load stays within its
 * budget (150 KB gzipped, bench/web-landing.ts), and forms, charts and tables arrive with their page.
 */
function lazyPage(path: string | undefined, load: () => Promise<ComponentType>): RouteObject {
  const lazy = async () => ({ Component: await load() });
  return path === undefined ? { index: true, lazy } : { path, lazy };
}

const loadMarketing = () => import('../features/marketing');
const loadReferralLanding = async () => (await import('../features/referral-landing')).ReferralLandingPage;

const publicRoutes: RouteObject[] = [
  { index: true, Component: LandingPage },
  lazyPage('auth', async () => (await import('../features/auth')).AuthPage),
  lazyPage('sign-up', async () => (await import('../features/auth')).SignUpPage),
  lazyPage('forgot-password', async () => (await import('../features/auth')).ForgotPasswordPage),
  lazyPage('reset-password', async () => (await import('../features/auth')).ResetPasswordPage),
  lazyPage('verify-email', async () => (await import('../features/auth')).VerifyEmailPage),
  lazyPage('sso-callback', async () => (await import('../features/auth')).SsoCallbackPage),
  lazyPage('pricing', async () => (await loadMarketing()).PricingPage),
  lazyPage('docs', async () => (await loadMarketing()).DocsPage),
  lazyPage('track-record', async () => (await import('../features/track-record')).TrackRecordPage),
  lazyPage('privacy-policy', async () => (await loadMarketing()).PrivacyPolicyPage),
  lazyPage('terms-of-service', async () => (await loadMarketing()).TermsOfServicePage),
  lazyPage('contact', async () => (await import('../features/contact')).ContactPage),
  lazyPage('r/:code', loadReferralLanding),
  lazyPage('referral/:code', loadReferralLanding),
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

const loadAdminDashboard = async () => (await import('../features/admin-console')).AdminDashboardPage;

/** Children of AdminLayout, which renders them for admins only (the spec's "registered only for admins"). */
const adminRoutes: RouteObject[] = [
  lazyPage(undefined, loadAdminDashboard),
  lazyPage('dashboard', loadAdminDashboard),
  lazyPage('pair-status', async () => (await import('../features/admin-console')).PairStatusPage),
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
        Component: AppLayout,
        children: [
          ...publicRoutes,
          { Component: ProtectedLayout, children: userRoutes },
          {
            path: 'admin',
            lazy: async () => ({
              Component: (await import('../components/layouts/admin-layout')).AdminLayout,
            }),
            children: adminRoutes,
          },
          { path: '*', Component: FallbackRedirect },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
