import { describe, expect, it } from 'vitest';
import { ApiError, serverErrorMessage } from '../../../lib/api-client';
import { CONTACT_FALLBACK_ERROR } from './send-contact-message';

const contactErrorMessage = (error: unknown) => serverErrorMessage(error, CONTACT_FALLBACK_ERROR);

describe('contactErrorMessage', () => {
  it("shows the server's error text", () => {
    expect(contactErrorMessage(new ApiError('Too many requests, try again later', 429))).toBe(
      'Too many requests, try again later',
    );
  });

  it('falls back for network failures and unparseable replies', () => {
    expect(contactErrorMessage(new TypeError('Failed to fetch'))).toBe('Failed to send message');
    expect(contactErrorMessage(new ApiError('', 500))).toBe('Failed to send message');
  });
});
