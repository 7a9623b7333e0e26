import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../../lib/format';
import { mailStatusText } from './mail-status-line';

const SENT = '2026-11-23T09:00:00.000Z';
const FAILED = '2026-11-23T09:30:00.000Z';
const failure = { at: FAILED, error: 'The mail server refused or could not be reached: timeout' };

describe('the mail status in words', () => {
  it('says that the outbox delivers nothing', () => {
    expect(mailStatusText({ transport: 'outbox', lastSentAt: null, lastFailure: null })).toEqual({
      text: 'Kept in the outbox (SMTP_URL is not set): nobody receives it',
      failing: false,
    });
  });

  it('shows a failure newer than the last message sent, and not once a later one went through', () => {
    expect(mailStatusText({ transport: 'smtp', lastSentAt: SENT, lastFailure: failure })).toEqual({
      text: `The last message failed at ${formatDateTime(FAILED)}: ${failure.error}`,
      failing: true,
    });
    expect(mailStatusText({ transport: 'smtp', lastSentAt: null, lastFailure: failure }).failing).toBe(true);
    const later = '2026-11-23T10:00:00.000Z';
    expect(mailStatusText({ transport: 'smtp', lastSentAt: later, lastFailure: failure })).toEqual({
      text: `Sent through SMTP, last at ${formatDateTime(later)}`,
      failing: false,
    });
    expect(mailStatusText({ transport: 'smtp', lastSentAt: null, lastFailure: null })).toEqual({
      text: 'SMTP, nothing sent since this process started',
      failing: false,
    });
  });
});
