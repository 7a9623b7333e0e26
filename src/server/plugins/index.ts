import type { FastifyPluginAsync } from 'fastify';
import { accountPlugin } from '../modules/account/account.plugin';
import { adminPlugin } from '../modules/admin/admin.plugin';
import { analysisPipelinePlugin } from '../modules/analysis/analysis-pipeline.plugin';
import { analysisPlugin } from '../modules/analysis/analysis.plugin';
import { authPlugin } from '../modules/auth/auth.plugin';
import { billingPlugin } from '../modules/billing/billing.plugin';
import { contactPlugin } from '../modules/contact/contact.plugin';
import { ledgerPlugin } from '../modules/ledger/ledger.plugin';
import { logsPlugin } from '../modules/logs/logs.plugin';
import { marketPlugin } from '../modules/market/market.plugin';
import { notificationMailPlugin } from '../modules/notifications/notification-mail.plugin';
import { notificationsPlugin } from '../modules/notifications/notifications.plugin';
import { offersPlugin } from '../modules/offers/offers.plugin';
import { pairsPlugin } from '../modules/pairs/pairs.plugin';
import { paymentsPlugin } from '../modules/payments/payments.plugin';
import { preferencesPlugin } from '../modules/preferences/preferences.plugin';
import { referralsPlugin } from '../modules/referrals/referrals.plugin';
import { reportsPlugin } from '../modules/reports/reports.plugin';
import { settingsPlugin, settingsRoutesPlugin } from '../modules/settings/settings.plugin';
import { signalQualityPlugin } from '../modules/signal-quality/signal-quality.plugin';
import { systemPlugin } from '../modules/system/system.plugin';
import { telegramPlugin } from '../modules/telegram/telegram.plugin';
import { trackRecordPlugin } from '../modules/track-record/track-record.plugin';
import { tradingPlugin } from '../modules/trading/trading.plugin';
import { triggersPlugin } from '../modules/triggers/triggers.plugin';
import { realtimePlugin } from '../realtime/realtime.plugin';
import { webhooksPlugin } from '../modules/webhooks/webhooks.plugin';
import { workerPlugin } from '../worker.plugin';

/**
 * Every module of the app, each a Fastify plugin that builds its services, decorates the app with
 * them, subscribes to the events it acts on and registers its routes. The order is the dependency
 * order: each plugin names the plugins it needs, and Fastify refuses to start when one of them was
 * not registered before it. Shutdown runs the other way (the worker stops first, the core last).
 * docs/modules.md draws the map.
 */
export const MODULE_PLUGINS: FastifyPluginAsync[] = [
  logsPlugin,
  ledgerPlugin,
  settingsPlugin,
  authPlugin,
  settingsRoutesPlugin,
  realtimePlugin,
  preferencesPlugin,
  referralsPlugin,
  contactPlugin,
  marketPlugin,
  analysisPlugin,
  triggersPlugin,
  offersPlugin,
  notificationsPlugin,
  notificationMailPlugin,
  webhooksPlugin,
  signalQualityPlugin,
  trackRecordPlugin,
  analysisPipelinePlugin,
  paymentsPlugin,
  billingPlugin,
  tradingPlugin,
  telegramPlugin,
  accountPlugin,
  pairsPlugin,
  reportsPlugin,
  systemPlugin,
  adminPlugin,
  workerPlugin,
];
