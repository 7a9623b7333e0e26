/**
 * HeatSignal's own OpenAPI document: the whole contract, tagged by the contract file each endpoint
 * is declared in, built on first use and kept (about a tenth of a second of zod → JSON Schema, which
 * no test app or process start should pay unless the document is asked for).
 */
import { version } from '../../../package.json';
import * as contract from '../../contract';
import * as account from '../../contract/account';
import * as accountData from '../../contract/account-data';
import * as adminApprovals from '../../contract/admin-approvals';
import * as adminCollections from '../../contract/admin-collections';
import * as adminHeatmap from '../../contract/admin-heatmap';
import * as adminPairDetails from '../../contract/admin-pair-details';
import * as adminPairs from '../../contract/admin-pairs';
import * as adminRecords from '../../contract/admin-records';
import * as adminReports from '../../contract/admin-reports';
import * as adminSettings from '../../contract/admin-settings';
import * as adminSystemHealth from '../../contract/admin-system-health';
import * as adminTriggers from '../../contract/admin-triggers';
import * as apiKeys from '../../contract/api-keys';
import * as billing from '../../contract/billing';
import * as contact from '../../contract/contact';
import * as heatmap from '../../contract/heatmap';
import * as notifications from '../../contract/notifications';
import * as offers from '../../contract/offers';
import * as openapi from '../../contract/openapi';
import * as pairs from '../../contract/pairs';
import * as payments from '../../contract/payments';
import * as preferences from '../../contract/preferences';
import * as reconciliation from '../../contract/reconciliation';
import * as referrals from '../../contract/referrals';
import * as sessions from '../../contract/sessions';
import * as signalQuality from '../../contract/signal-quality';
import * as sso from '../../contract/sso';
import * as telegram from '../../contract/telegram';
import * as trackRecord from '../../contract/track-record';
import * as trades from '../../contract/trades';
import * as tradingHalt from '../../contract/trading-halt';
import * as webhooks from '../../contract/webhooks';
import type { AnyEndpoint } from '../../contract/common';
import {
  buildOpenApiDocument,
  type OpenApiDocument,
  type OpenApiSource,
  type SignatureNote,
} from './openapi';

/** Every contract file that declares endpoints (openapi.test.ts holds this list to index.ts). */
export const CONTRACT_FILES: Record<string, Record<string, unknown>> = {
  account,
  'account-data': accountData,
  'admin-approvals': adminApprovals,
  'admin-collections': adminCollections,
  'admin-heatmap': adminHeatmap,
  'admin-pair-details': adminPairDetails,
  'admin-pairs': adminPairs,
  'admin-records': adminRecords,
  'admin-reports': adminReports,
  'admin-settings': adminSettings,
  'admin-system-health': adminSystemHealth,
  'admin-triggers': adminTriggers,
  'api-keys': apiKeys,
  billing,
  contact,
  heatmap,
  notifications,
  offers,
  openapi,
  pairs,
  payments,
  preferences,
  reconciliation,
  referrals,
  sessions,
  'signal-quality': signalQuality,
  sso,
  telegram,
  'track-record': trackRecord,
  trades,
  'trading-halt': tradingHalt,
  webhooks,
};

const stripeSigned: SignatureNote = {
  description:
    "Stripe's event delivery, signed by Stripe in the `Stripe-Signature` header over the raw body.",
};
const SIGNATURES = new Map<AnyEndpoint, SignatureNote>([
  [
    adminTriggers.triggerWebhookEndpoint,
    {
      description:
        'the request is signed with a webhook signing key an admin created (`POST /api/admin/webhook-secrets`): ' +
        'HMAC-SHA256 of the secret over `timestamp + "." + raw body`.',
      headers: {
        [adminTriggers.webhookSignatureHeaders.keyId]: 'The signing key id.',
        [adminTriggers.webhookSignatureHeaders.timestamp]:
          'Unix time in seconds, within 5 minutes of the server clock.',
        [adminTriggers.webhookSignatureHeaders.signature]: '`sha256=` followed by the hex HMAC-SHA256.',
      },
    },
  ],
  [payments.stripeWebhookEndpoint, stripeSigned],
  [billing.billingWebhookEndpoint, stripeSigned],
]);

/** What HeatSignal's document is built from. */
export function heatSignalOpenApiSource(): OpenApiSource {
  return {
    contract,
    files: CONTRACT_FILES,
    version,
    signatures: SIGNATURES,
  };
}

let built: { document: OpenApiDocument; json: string } | undefined;

/** The document and its JSON text, built once per process. */
export function heatSignalOpenApi(): { document: OpenApiDocument; json: string } {
  if (!built) {
    const document = buildOpenApiDocument(heatSignalOpenApiSource());
    built = { document, json: JSON.stringify(document) };
  }
  return built;
}
