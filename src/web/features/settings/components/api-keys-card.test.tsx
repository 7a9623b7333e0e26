// @vitest-environment happy-dom
import { toast } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiKey } from '../../../../contract/api-keys';
import type { PlanView } from '../../../../contract/billing';
import { AUTH_TOKEN_STORAGE_KEY } from '../../../lib/auth-token';
import { fireEvent, screen, userEvent, waitFor, within } from '../../../testing/dom';
import { serveApi, type FakeCall } from '../../../testing/fake-api';
import { renderWithQuery } from '../../../testing/render-with-query';
import { ApiKeysCard, KEY_SHOWN_ONCE, revokeQuestion } from './api-keys-card';

vi.mock('react-toastify', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
beforeEach(() => localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, 'trader-token'));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  localStorage.clear();
});

const KEY = `hs_${'Ab12Cd34'.repeat(5)}xyz`;
const plan = (name: 'free' | 'pro'): PlanView => ({
  plan: name,
  status: name === 'pro' ? 'active' : null,
  currentPeriodEnd: null,
  cancelAtPeriodEnd: false,
  usage: name === 'pro' ? null : { accepted: 0, limit: 5, resetsAt: '2026-12-01T00:00:00.000Z' },
  provider: 'simulated',
  portal: false,
});
const stored = (over: Partial<ApiKey>): ApiKey => ({
  id: '0b7f3c2e-3f1a-4a51-9f50-2b0c6a1d9e01',
  name: 'Grid bot',
  scopes: ['read'],
  prefix: KEY.slice(0, 11),
  createdAt: '2026-11-21T10:00:00.000Z',
  lastUsedAt: null,
  expiresAt: null,
  revokedAt: null,
  state: 'active',
  ...over,
});

/** A server holding the trader's keys; a created key joins the list, a revoked one is marked so. */
function serveKeys(planName: 'free' | 'pro', initial: ApiKey[] = []) {
  let keys = [...initial];
  return serveApi((call: FakeCall) => {
    if (call.path === '/api/billing/plan') return { status: 200, body: plan(planName) };
    if (call.path === '/api/account/api-keys' && call.method === 'GET')
      return { status: 200, body: { apiKeys: keys } };
    if (call.path === '/api/account/api-keys' && call.method === 'POST') {
      const apiKey = stored({ name: (call.body as { name: string }).name });
      keys = [apiKey, ...keys];
      return { status: 200, body: { apiKey, key: KEY } };
    }
    if (call.method === 'DELETE') {
      keys = keys.map((k) => ({ ...k, state: 'revoked' as const, revokedAt: '2026-11-22T10:00:00.000Z' }));
      return { status: 200, body: { apiKey: keys[0] } };
    }
    return undefined;
  });
}

describe('API keys on Settings', () => {
  it('makes a read key, shows it once with a curl line, and lists only its first characters', async () => {
    const calls = serveKeys('free');
    renderWithQuery(<ApiKeysCard />);
    expect(await screen.findByText('No API keys yet.')).toBeTruthy();
    const trade = screen.getByRole('radio', { name: /Trade/ });
    await waitFor(() => expect((trade as HTMLInputElement).disabled).toBe(true));
    expect(
      screen.getByText(/Free: read keys, 60 requests a minute\. Trade keys come with Pro\./),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: '/docs/api' }).getAttribute('href')).toBe('/docs/api');

    await userEvent.type(screen.getByLabelText('Name'), 'Grid bot');
    fireEvent.click(screen.getByRole('button', { name: 'Create API Key' }));

    expect((await screen.findByTestId('new-api-key')).textContent).toBe(KEY);
    expect(screen.getByText(KEY_SHOWN_ONCE)).toBeTruthy();
    expect(screen.getByTestId('api-key-curl').textContent).toBe(
      `curl -H "Authorization: Bearer ${KEY}" ${window.location.origin}/api/offers`,
    );
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Grid bot',
      scopes: ['read'],
      expiresAt: null,
    });
    const list = await screen.findByRole('list', { name: 'API keys' });
    expect(within(list).getByText(`${KEY.slice(0, 11)}…`)).toBeTruthy();
    expect(list.textContent).toContain('last used never');
    expect(list.textContent).not.toContain(KEY.slice(11));
    expect(vi.mocked(toast.success)).toHaveBeenCalledWith('API key created');

    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByTestId('new-api-key')).toBeNull();
  });

  it('lets a Pro trader choose trade, and sends an expiry day as the end of that day', async () => {
    const calls = serveKeys('pro');
    renderWithQuery(<ApiKeysCard />);
    const trade = await screen.findByRole('radio', { name: 'Trade' });
    await waitFor(() => expect((trade as HTMLInputElement).disabled).toBe(false));
    await userEvent.type(screen.getByLabelText('Name'), 'Scalper');
    fireEvent.click(trade);
    const day = new Date(Date.now() + 30 * 24 * 3600_000);
    const value = `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
    fireEvent.change(screen.getByLabelText('Expires on (optional)'), { target: { value } });
    fireEvent.click(screen.getByRole('button', { name: 'Create API Key' }));
    await screen.findByTestId('new-api-key');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Scalper',
      scopes: ['trade'],
      expiresAt: new Date(`${value}T23:59:59`).toISOString(),
    });
  });

  it('asks before revoking, then shows the key revoked', async () => {
    const calls = serveKeys('free', [stored({ lastUsedAt: '2026-11-21T11:00:00.000Z' })]);
    renderWithQuery(<ApiKeysCard />);
    fireEvent.click(await screen.findByRole('button', { name: `Revoke Grid bot (${KEY.slice(0, 11)}…)` }));
    const dialog = screen.getByRole('dialog', { name: 'Confirmation' });
    expect(within(dialog).getByText(revokeQuestion('Grid bot'))).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(screen.getByRole('list', { name: 'API keys' }).textContent).toContain('revoked'),
    );
    expect(screen.queryByRole('button', { name: /^Revoke/ })).toBeNull();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([
      '/api/account/api-keys/0b7f3c2e-3f1a-4a51-9f50-2b0c6a1d9e01',
    ]);
    expect(vi.mocked(toast.success)).toHaveBeenCalledWith('The API key "Grid bot" is revoked');
  });

  it('refuses an empty name before sending anything', async () => {
    const calls = serveKeys('free');
    renderWithQuery(<ApiKeysCard />);
    await screen.findByText('No API keys yet.');
    fireEvent.click(screen.getByRole('button', { name: 'Create API Key' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Name the key, e.g. "Grid bot"');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });
});
