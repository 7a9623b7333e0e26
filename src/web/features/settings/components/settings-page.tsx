import { LoadError } from '../../../components/ui/load-error';
import { PageTitle } from '../../../components/ui/page-title';
import { SectionCard } from '../../../components/ui/section-card';
import { StatusMessage } from '../../../components/ui/status-message';
import { serverErrorMessage } from '../../../lib/api-client';
import { useLoadErrorToast } from '../../../lib/use-load-error';
import { useScrollToHash } from '../../../lib/use-scroll-to-hash';
import { PREFERENCES_LOAD_ERROR, usePreferences } from '../api/get-preferences';
import { ApiKeysCard } from './api-keys-card';
import { PlanCard } from './plan-card';
import { TelegramCard } from './telegram-card';
import { PreferencesForm } from './preferences-form';
import { TradingLimitsCard } from './trading-limits-card';
import { EmailCard } from './email-card';
import { EmailNotificationsCard } from './email-notifications-card';
import { PasswordCard } from './password-card';
import { SessionsCard } from './sessions-card';
import { TwoFactorCard } from './two-factor-card';
import { WebhooksCard } from './webhooks-card';
import { YourDataCard } from './your-data-card';

/**
 * Trader spec 2.12 'User Settings': the preferences form, the plan (issue #20), the trading limits
 * read-only, the account's security (issue #18), personal API keys and webhooks (issue #21).
 */
export function SettingsPage() {
  const preferences = usePreferences();
  useLoadErrorToast(preferences.error, { fallback: PREFERENCES_LOAD_ERROR, toastId: 'preferences-error' });
  useScrollToHash();

  return (
    <>
      <PageTitle title="User Settings" />
      <div className="grid gap-6 lg:grid-cols-3">
        <SectionCard title="Trading Preferences" className="lg:col-span-2">
          {preferences.data ? (
            <PreferencesForm saved={preferences.data} />
          ) : preferences.isError ? (
            <LoadError
              title={PREFERENCES_LOAD_ERROR}
              detail={serverErrorMessage(preferences.error, PREFERENCES_LOAD_ERROR)}
            />
          ) : (
            <StatusMessage>Loading preferences...</StatusMessage>
          )}
        </SectionCard>
        <div className="space-y-6">
          <PlanCard />
          <TradingLimitsCard />
          <TelegramCard />
          <EmailNotificationsCard />
          <TwoFactorCard />
        </div>
      </div>
      <h2 className="mt-10 mb-4 text-xl font-semibold text-white">Account and Security</h2>
      <div className="grid gap-6 lg:grid-cols-3">
        <SessionsCard />
        <PasswordCard />
        <EmailCard />
        <YourDataCard />
        <ApiKeysCard />
        <WebhooksCard />
      </div>
    </>
  );
}
