// @vitest-environment happy-dom
import { toast } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  livePausedMessage,
  type ReconciliationRun,
  type ReconciliationState,
} from '../../../../contract/reconciliation';
import { AUTH_TOKEN_STORAGE_KEY } from '../../../lib/auth-token';
import { serveApi } from '../../../testing/fake-api';
import { fireEvent, screen, waitFor, within } from '../../../testing/dom';
import { renderWithQuery } from '../../../testing/render-with-query';
import { ReconciliationCard } from './reconciliation-card';

vi.mock('react-toastify', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
beforeEach(() => localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, 'admin-token'));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  localStorage.clear();
});

const run = (over: Partial<ReconciliationRun>): ReconciliationRun => ({
  id: 1,
  ranAt: '2026-11-28T10:00:00.000Z',
  trigger: 'schedule',
  status: 'balanced',
  assets: [],
  toleranceUsd: 1,
  error: null,
  acknowledgedAt: null,
  acknowledgedBy: null,
  acknowledgeNote: null,
  ...over,
});
const drift = run({
  id: 7,
  status: 'drift',
  assets: [
    { asset: 'XXBT', exchange: 0.252, expected: 0.25, drift: 0.002, driftUsd: 211.89 },
    { asset: 'ZUSD', exchange: 900, expected: 900, drift: 0, driftUsd: 0 },
  ],
});

function serve(state: ReconciliationState) {
  return serveApi((call) => {
    if (call.path === '/api/admin/reconciliation') return { status: 200, body: state };
    if (call.path === '/api/admin/reconciliation/7/acknowledge')
      return { status: 200, body: { ...drift, acknowledgedAt: drift.ranAt, acknowledgeNote: 'checked' } };
    return undefined;
  });
}

describe('reconciliation on System Health', () => {
  it('says it is off with paper trading, with nothing to run', async () => {
    serve({ enabled: false, toleranceUsd: 1, pausedBy: null, runs: [] });
    renderWithQuery(<ReconciliationCard />);
    await screen.findByText('Off: paper trading holds nothing on an exchange.');
    expect(screen.queryByRole('button', { name: 'Reconcile Now' })).toBeNull();
  });

  it('shows a drift that pauses live accepts, what drifted, and takes an acknowledgement with a note', async () => {
    const calls = serve({ enabled: true, toleranceUsd: 1, pausedBy: drift, runs: [drift, run({})] });
    renderWithQuery(<ReconciliationCard />);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(livePausedMessage(7))).toBeTruthy();
    const rows = within(alert).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual(['XXBT0.2520.25+0.002 ($211.89)']);

    fireEvent.click(within(alert).getByRole('button', { name: 'Acknowledge Drift' }));
    expect(await within(alert).findByText('A note is required')).toBeTruthy();
    fireEvent.change(within(alert).getByLabelText('What you found and did'), {
      target: { value: ' checked ' },
    });
    fireEvent.click(within(alert).getByRole('button', { name: 'Acknowledge Drift' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')).toMatchObject({
        path: '/api/admin/reconciliation/7/acknowledge',
        body: { note: 'checked' },
      }),
    );
    await waitFor(() =>
      expect(vi.mocked(toast.success)).toHaveBeenCalledWith('Drift #7 acknowledged: live accepts resume'),
    );
  });
});
