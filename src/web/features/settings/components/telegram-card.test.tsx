// @vitest-environment happy-dom
import { toast } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TELEGRAM_NOT_CONFIGURED, type TelegramStatus } from '../../../../contract/telegram';
import { AUTH_TOKEN_STORAGE_KEY } from '../../../lib/auth-token';
import { fireEvent, screen, waitFor, within } from '../../../testing/dom';
import { serveApi } from '../../../testing/fake-api';
import { renderWithQuery } from '../../../testing/render-with-query';
import { TelegramCard, UNLINK_QUESTION } from './telegram-card';

vi.mock('react-toastify', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
beforeEach(() => localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, 'trader-token'));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  localStorage.clear();
});

const unlinked: TelegramStatus = { configured: true, botUsername: 'heatsignal_bot', link: null };
const linked: TelegramStatus = {
  ...unlinked,
  link: { username: 'tina_tg', linkedAt: '2026-11-28T10:00:00.000Z' },
};
const CODE = {
  code: 'ABCD234567',
  expiresAt: '2026-11-28T10:15:00.000Z',
  botUsername: 'heatsignal_bot',
  deepLink: 'https://t.me/heatsignal_bot?start=ABCD234567',
};

describe('Telegram on Settings', () => {
  it('shows a one-time code with the bot and its deep link, then the link once the bot made it', async () => {
    let status = unlinked;
    const calls = serveApi((call) => {
      if (call.path === '/api/telegram') return { status: 200, body: status };
      if (call.path === '/api/telegram/link-code') return { status: 200, body: CODE };
      return undefined;
    });
    renderWithQuery(<TelegramCard pollMs={20} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Link Telegram' }));
    const shown = await screen.findByTestId('telegram-code');
    expect(shown.textContent).toMatch(/^Send \/start ABCD234567 to @heatsignal_bot\./);
    expect(within(shown).getByRole('link', { name: 'Open in Telegram' }).getAttribute('href')).toBe(
      CODE.deepLink,
    );
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/telegram/link-code']);

    // The bot linked the chat: the card reads the link again by itself while the code is shown.
    status = linked;
    await waitFor(() =>
      expect(screen.getByTestId('telegram-linked').textContent).toMatch(/^Linked as @tina_tg since /),
    );
  });

  it('asks before unlinking', async () => {
    let status = linked;
    const calls = serveApi((call) => {
      if (call.path === '/api/telegram' && call.method === 'GET') return { status: 200, body: status };
      if (call.path === '/api/telegram/link' && call.method === 'DELETE') {
        status = unlinked;
        return { status: 200, body: { ok: true } };
      }
      return undefined;
    });
    renderWithQuery(<TelegramCard />);
    fireEvent.click(await screen.findByRole('button', { name: 'Unlink' }));
    const dialog = screen.getByRole('dialog', { name: 'Confirmation' });
    expect(within(dialog).getByText(UNLINK_QUESTION)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('button', { name: 'Link Telegram' })).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/telegram/link']);
    expect(vi.mocked(toast.success)).toHaveBeenCalledWith('Telegram unlinked');
  });

  it('says so when the server has no bot', async () => {
    serveApi((call) =>
      call.path === '/api/telegram'
        ? { status: 200, body: { configured: false, botUsername: null, link: null } }
        : undefined,
    );
    renderWithQuery(<TelegramCard />);
    expect(await screen.findByText(`${TELEGRAM_NOT_CONFIGURED}.`)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Link Telegram' })).toBeNull();
  });
});
