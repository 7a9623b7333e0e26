import type { ReactNode } from 'react';
import { ApprovalsTab } from './approvals-tab';
import type { CollectionTabDef } from './collection-screen';
import { PairsTab } from './pairs-tab';
import { PaymentsTab } from './payments-tab';
import {
  ActionLogsTab,
  AnalysesTab,
  AuditLogsTab,
  OffersTab,
  SnapshotsTab,
  TickerLogsTab,
  UserOffersTab,
  UserPreferencesTab,
  UsersTab,
} from './record-tabs';
import { SystemHealthTab } from './system-health-tab';
import { TriggersTab } from './triggers-tab';

/**
 * The 15 collections both screens show, in the spec's order (admin spec 2). The Global Settings
 * tab is the Platform Settings screen's form, which the admin-settings feature owns: the screens
 * pass it in.
 */
export const collectionTabs = (globalSettingsForm: () => ReactNode): readonly CollectionTabDef[] => [
  { id: 'analyses', label: 'Analyses', render: (ctx) => <AnalysesTab {...ctx} /> },
  { id: 'analysisSnapshots', label: 'Analysis Snapshots', render: (ctx) => <SnapshotsTab {...ctx} /> },
  { id: 'auditLogs', label: 'Audit Logs', render: (ctx) => <AuditLogsTab {...ctx} /> },
  { id: 'cryptoPairs', label: 'Crypto Pairs', render: (ctx) => <PairsTab {...ctx} /> },
  {
    id: 'globalSettings',
    label: 'Global Settings',
    render: () => <section aria-label="Global Settings">{globalSettingsForm()}</section>,
  },
  { id: 'tickerLogs', label: 'Ticker Logs', render: (ctx) => <TickerLogsTab {...ctx} /> },
  { id: 'offers', label: 'Offers', render: (ctx) => <OffersTab {...ctx} /> },
  { id: 'triggers', label: 'Triggers', render: (ctx) => <TriggersTab {...ctx} /> },
  { id: 'payments', label: 'Payments', render: (ctx) => <PaymentsTab {...ctx} /> },
  { id: 'users', label: 'Users', render: (ctx) => <UsersTab {...ctx} /> },
  { id: 'userOffers', label: 'User Offers', render: (ctx) => <UserOffersTab {...ctx} /> },
  { id: 'actionLogs', label: 'Action Logs', render: (ctx) => <ActionLogsTab {...ctx} /> },
  { id: 'userPreferences', label: 'User Preferences', render: (ctx) => <UserPreferencesTab {...ctx} /> },
  { id: 'pendingApprovals', label: 'Pending Approvals', render: (ctx) => <ApprovalsTab {...ctx} /> },
  { id: 'systemHealth', label: 'System Health', render: (ctx) => <SystemHealthTab {...ctx} /> },
];
