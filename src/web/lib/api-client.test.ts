import { describe, expect, it } from 'vitest';
import { ApiError, serverErrorMessage } from './api-client';

describe('serverErrorMessage', () => {
  it("shows the server's error text, e.g. a declined card's reason", () => {
    expect(serverErrorMessage(new ApiError('Your card was declined.', 402), 'Deposit request failed')).toBe(
      'Your card was declined.',
    );
  });

  it('falls back to the spec text for network failures and empty errors', () => {
    expect(serverErrorMessage(new TypeError('Failed to fetch'), 'Tip failed')).toBe('Tip failed');
    expect(serverErrorMessage(new ApiError('', 500), 'Failed to fetch trades')).toBe(
      'Failed to fetch trades',
    );
  });
});
