import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../../lib/format';
import { telegramStatusText } from './telegram-status-line';

const OK = '2026-11-23T09:00:00.000Z';
const FAILED = '2026-11-23T09:30:00.000Z';
const failure = { at: FAILED, error: 'Telegram getUpdates: no answer (ECONNREFUSED)' };
const on = { configured: true, botUsername: 'heatsignal_bot', lastOkAt: OK, lastFailure: null };

describe('the Telegram status in words', () => {
  it('says when the server has no bot', () => {
    expect(
      telegramStatusText({ configured: false, botUsername: null, lastOkAt: null, lastFailure: null }),
    ).toEqual({
      text: 'Not set up (TELEGRAM_BOT_TOKEN is not set)',
      failing: false,
    });
  });

  it('shows a failure newer than the last answered call, and not once a later call went through', () => {
    expect(telegramStatusText({ ...on, lastFailure: failure })).toEqual({
      text: `The last call failed at ${formatDateTime(FAILED)}: ${failure.error}`,
      failing: true,
    });
    const later = '2026-11-23T10:00:00.000Z';
    expect(telegramStatusText({ ...on, lastOkAt: later, lastFailure: failure })).toEqual({
      text: `@heatsignal_bot answering, last at ${formatDateTime(later)}`,
      failing: false,
    });
    expect(telegramStatusText({ ...on, lastOkAt: null }).text).toBe(
      '@heatsignal_bot: no call made since this process started',
    );
  });
});
