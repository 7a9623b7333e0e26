// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { toast } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GlobalSettings } from '../../../../contract/admin-settings';
import type { TriggerRecord } from '../../../../contract/admin-triggers';
import { GUARDRAIL_DEFAULTS } from '../../../../contract/trades';
import { AUTH_TOKEN_STORAGE_KEY } from '../../../lib/auth-token';
import { saveTextFile } from '../../../lib/download';
import { fireEvent, render, screen, userEvent, waitFor, within } from '../../../testing/dom';
import { queryOf, serveApi, type FakeAnswer, type FakeCall } from '../../../testing/fake-api';
import { PlatformSettingsPage } from './platform-settings-page';

vi.mock('react-toastify', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
vi.mock('../../../lib/download', () => ({ saveTextFile: vi.fn() }));
const toasted = () => ({
  success: vi.mocked(toast.success).mock.calls.map(([text]) => text),
  error: vi.mocked(toast.error).mock.calls.map(([text]) => text),
});

const SETTINGS: GlobalSettings = {
  aiModel: 'builtin-analyst',
  chatgptMaxRequests: 100,
  retentionPolicy: 30,
  analysisRetentionDays: 14,
  autoAnalysisEnabled: true,
  autoAnalysisConfig: {
    intervalMinutes: 2,
    minHeatScore: 5,
    minSuccessRate: 30,
    minExpectedProfitPercent: 0.05,
    volatilityThreshold: 2,
    rsiThreshold: 70,
    volumeSpikeMultiplier: 3,
  },
  guardrails: GUARDRAIL_DEFAULTS,
  requireAdminTwoFactor: false,
  updatedAt: '2026-11-21T10:00:00.000Z',
};

const trigger = (id: string, over: Partial<TriggerRecord> = {}): TriggerRecord => ({
  id,
  type: 'news',
  symbol: 'BTC/USD',
  source: 'https://example.com/feed.xml',
  keywords: ['etf', 'halving'],
  active: true,
  parameters: null,
  createdAt: '2026-11-21T10:00:00.000Z',
  ...over,
});

/** Settings and a trigger list held in memory; `manage` answers each manage-triggers call. */
function serveSettings(
  triggers: TriggerRecord[],
  manage: (call: FakeCall) => FakeAnswer = () => ({ status: 200, body: { trigger: null, analysisId: null } }),
) {
  let settings = SETTINGS;
  return serveApi((call): FakeAnswer => {
    if (call.url.startsWith('/api/admin/global-settings')) {
      if (call.method === 'PATCH') settings = { ...settings, ...(call.body as Partial<GlobalSettings>) };
      return { status: 200, body: settings };
    }
    // The kill switch has a test of its own (kill-switch.test.tsx); here trading simply runs.
    if (call.url.startsWith('/api/admin/trading/'))
      return { status: 200, body: { halted: false, reason: null, haltedAt: null, haltedBy: null } };
    if (call.url.startsWith('/api/admin/subscriptions')) return { status: 200, body: { subscriptions: [] } };
    if (call.url.startsWith('/api/admin/all-triggers'))
      return { status: 200, body: { records: triggers, total: triggers.length } };
    return manage(call);
  });
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <PlatformSettingsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const configForm = () => screen.getByRole('form', { name: 'Global Config' });
const triggerForm = () => screen.getByRole('form', { name: 'Manage Trigger' });
const writes = (calls: FakeCall[]) => calls.filter((c) => c.method !== 'GET');

beforeEach(() => localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, 'token-1'));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  localStorage.clear();
});

describe('Platform Settings: Global Config', () => {
  it('shows the stored settings in sections that fold away', async () => {
    serveSettings([]);
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Platform Settings' })).toBeTruthy();
    expect(await screen.findByDisplayValue('builtin-analyst')).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Max Requests').value).toBe('100');
    expect(screen.getByLabelText<HTMLInputElement>('Auto Analysis Enabled').checked).toBe(true);
    expect(
      JSON.parse(screen.getByLabelText<HTMLTextAreaElement>('Auto Analysis Config (JSON)').value),
    ).toEqual(SETTINGS.autoAnalysisConfig);
    const toggle = screen.getByRole('button', { name: 'Global Config' });
    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('form', { name: 'Global Config' })).toBeNull();
  });

  it("refuses bad values with section 5's messages and sends nothing", async () => {
    const calls = serveSettings([]);
    renderPage();
    await screen.findByDisplayValue('builtin-analyst');
    await userEvent.clear(screen.getByLabelText('AI Model'));
    await userEvent.clear(screen.getByLabelText('Max Requests'));
    await userEvent.clear(screen.getByLabelText('Retention Policy (days)'));
    await userEvent.type(screen.getByLabelText('Retention Policy (days)'), '0');
    await userEvent.clear(screen.getByLabelText('Analysis Retention Days'));
    fireEvent.change(screen.getByLabelText('Auto Analysis Config (JSON)'), { target: { value: '{ nope' } });
    await userEvent.click(within(configForm()).getByRole('button', { name: 'Save Settings' }));
    await waitFor(() =>
      expect(
        within(configForm())
          .getAllByRole('alert')
          .map((a) => a.textContent),
      ).toEqual([
        'AI Model is required',
        'Max Requests is required',
        'Must be at least 1',
        'Analysis Retention Days is required',
        'Invalid JSON in autoAnalysisConfig',
      ]),
    );
    expect(writes(calls)).toEqual([]);
  });

  it('saves the form as one PATCH and says so', async () => {
    const calls = serveSettings([]);
    renderPage();
    await screen.findByDisplayValue('builtin-analyst');
    await userEvent.clear(screen.getByLabelText('Max Requests'));
    await userEvent.type(screen.getByLabelText('Max Requests'), '250');
    await userEvent.click(screen.getByLabelText('Auto Analysis Enabled'));
    await userEvent.click(screen.getByLabelText('Require two-factor authentication for every admin'));
    fireEvent.change(screen.getByLabelText('Auto Analysis Config (JSON)'), {
      target: { value: '{"rsiThreshold": 75}' },
    });
    await userEvent.click(within(configForm()).getByRole('button', { name: 'Save Settings' }));
    await waitFor(() => expect(toasted().success).toEqual(['Global settings updated']));
    const [patch] = writes(calls);
    expect(patch?.method).toBe('PATCH');
    expect(patch?.body).toMatchObject({
      aiModel: 'builtin-analyst',
      chatgptMaxRequests: 250,
      retentionPolicy: 30,
      analysisRetentionDays: 14,
      autoAnalysisEnabled: false,
      requireAdminTwoFactor: true,
      autoAnalysisConfig: { rsiThreshold: 75, intervalMinutes: 2 },
    });
  });

  it("toasts the server's refusal", async () => {
    serveApi((call) =>
      call.method === 'PATCH'
        ? { status: 400, body: { error: 'Nothing to update' } }
        : call.url.startsWith('/api/admin/global-settings')
          ? { status: 200, body: SETTINGS }
          : { status: 200, body: { records: [], total: 0 } },
    );
    renderPage();
    await screen.findByDisplayValue('builtin-analyst');
    await userEvent.click(within(configForm()).getByRole('button', { name: 'Save Settings' }));
    await waitFor(() => expect(toasted().error).toEqual(['Nothing to update']));
  });
});

describe('Platform Settings: Live Triggers', () => {
  it("lists the triggers with their total, or 'No triggers configured'", async () => {
    const calls = serveSettings([
      trigger('t1'),
      trigger('t2', { type: 'breakout', symbol: 'ETH/USD', keywords: [] }),
    ]);
    renderPage();
    await screen.findByText('Current Triggers (2 total)');
    const rows = within(screen.getByRole('table', { name: 'Current triggers' })).getAllByRole('row');
    expect(rows[1]!.textContent).toContain('etf, halving');
    expect(rows[2]!.textContent).toContain('N/A');
    expect(queryOf(calls.find((c) => c.url.startsWith('/api/admin/all-triggers'))!)).toEqual({
      timeRange: 'all',
      page: '1',
      pageSize: '50',
    });
    expect(screen.getByRole('link', { name: 'Offer Analytics' }).getAttribute('href')).toBe(
      '/admin/offer-analytics',
    );
  });

  it("says 'No triggers configured' when there are none", async () => {
    serveSettings([]);
    renderPage();
    await screen.findByText('No triggers configured');
    expect(screen.getByText('Current Triggers (0 total)')).toBeTruthy();
  });

  it('checks the form with the contract, then adds, shows Processing... and starts over', async () => {
    let answer: (value: FakeAnswer) => void = () => undefined;
    const calls = serveSettings([], () => new Promise<FakeAnswer>((resolve) => (answer = resolve)) as never);
    renderPage();
    await screen.findByText('No triggers configured');
    const form = triggerForm();
    await userEvent.type(within(form).getByLabelText('Symbol'), 'btc');
    await userEvent.type(within(form).getByLabelText('Source'), 'not a url');
    await userEvent.click(within(form).getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(
        within(form)
          .getAllByRole('alert')
          .map((a) => a.textContent),
      ).toEqual(['Invalid symbol format (e.g., BTC/USD)', 'Invalid URL format']),
    );
    expect(writes(calls)).toEqual([]);

    await userEvent.clear(within(form).getByLabelText('Symbol'));
    await userEvent.type(within(form).getByLabelText('Symbol'), 'SOL/USD');
    await userEvent.clear(within(form).getByLabelText('Source'));
    await userEvent.selectOptions(within(form).getByLabelText('Trigger Type'), 'volume_spike');
    await userEvent.type(within(form).getByLabelText('Keywords'), 'whale, , spike ');
    await userEvent.click(within(form).getByRole('button', { name: 'Submit' }));
    await within(form).findByRole('button', { name: 'Processing...' });
    expect(writes(calls)[0]?.body).toEqual({
      action: 'add',
      type: 'volume_spike',
      symbol: 'SOL/USD',
      source: null,
      keywords: ['whale', 'spike'],
      active: true,
    });
    answer({ status: 200, body: { trigger: null, analysisId: null } });
    await waitFor(() => expect(toasted().success).toEqual(['Trigger action successful']));
    await waitFor(() => expect(within(form).getByLabelText<HTMLInputElement>('Symbol').value).toBe(''));
    expect(within(form).getByLabelText<HTMLSelectElement>('Trigger Type').value).toBe('news');
    expect(within(form).getByLabelText<HTMLSelectElement>('Action').value).toBe('add');
  });

  it('Edit loads the row and switches to update; the update carries its id', async () => {
    const calls = serveSettings([trigger('t1', { type: 'sentiment', active: false })]);
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit sentiment trigger for BTC/USD' }));
    const form = triggerForm();
    await waitFor(() =>
      expect(within(form).getByLabelText<HTMLSelectElement>('Action').value).toBe('update'),
    );
    expect(within(form).getByLabelText<HTMLInputElement>('Keywords').value).toBe('etf, halving');
    expect(within(form).getByLabelText<HTMLInputElement>('Active').checked).toBe(false);
    await userEvent.click(within(form).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]?.body).toMatchObject({
      action: 'update',
      id: 't1',
      type: 'sentiment',
      active: false,
    });
  });

  it('deletes only after the confirmation, sending action, type and symbol', async () => {
    const calls = serveSettings([trigger('t1', { type: 'breakout', symbol: 'ETH/USD' })]);
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete breakout trigger for ETH/USD' }));
    const dialog = screen.getByRole('dialog', { name: 'Confirmation' });
    expect(dialog.textContent).toContain('Are you sure you want to delete the breakout trigger for ETH/USD?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(writes(calls)).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Delete breakout trigger for ETH/USD' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(toasted().success).toEqual(['Trigger action successful']));
    expect(writes(calls)[0]?.body).toEqual({ action: 'delete', type: 'breakout', symbol: 'ETH/USD' });
  });

  it("toasts 'Failed to manage trigger' when the server gives no reason, and keeps the form", async () => {
    serveSettings([], () => ({ status: 500 }));
    renderPage();
    await screen.findByText('No triggers configured');
    await userEvent.type(within(triggerForm()).getByLabelText('Symbol'), 'BTC/USD');
    await userEvent.click(within(triggerForm()).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(toasted().error).toEqual(['Failed to manage trigger']));
    expect(within(triggerForm()).getByLabelText<HTMLInputElement>('Symbol').value).toBe('BTC/USD');
  });

  it('exports the listed triggers', async () => {
    serveSettings([trigger('t1')]);
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Export Triggers' }));
    const [fileName, text] = vi.mocked(saveTextFile).mock.calls[0]!;
    expect(fileName).toMatch(/^triggers-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(text.split('\r\n')[1]).toBe(
      'news,BTC/USD,https://example.com/feed.xml,"etf, halving",true,2026-11-21T10:00:00.000Z',
    );
    expect(toasted().success).toEqual(['Triggers exported successfully']);
  });
});
