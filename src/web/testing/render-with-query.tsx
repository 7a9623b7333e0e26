import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { SecondFactorProvider } from '../lib/auth/second-factor-provider';
import { render } from './dom';

/**
 * Renders `ui` with a fresh query client that does not retry, so a failure shows at once, and
 * with the app's 'Confirm it is you' dialog host.
 */
export function renderWithQuery(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <SecondFactorProvider>{ui}</SecondFactorProvider>
    </QueryClientProvider>,
  );
}
