import { describe, expect, it } from 'vitest';
import { createUnsubscribeTokens } from './unsubscribe-token';

const SECRET = 'a-server-secret-that-is-long-enough-0123';

describe('unsubscribe tokens', () => {
  const tokens = createUnsubscribeTokens(SECRET);
  const token = tokens.sign({ userId: 'user_Ab-9', kind: 'digest' });

  it('give back the user and the kind of mail they were signed for', () => {
    expect(tokens.verify(token)).toEqual({ userId: 'user_Ab-9', kind: 'digest' });
    expect(token).not.toContain(SECRET);
  });

  it('refuse any change, another server’s signature and anything malformed', () => {
    const [user, , signature] = token.split('.') as [string, string, string];
    const otherUser = Buffer.from('someone-else').toString('base64url');
    const lastChanged = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    for (const bad of [
      `${user}.tradeClosed.${signature}`,
      `${otherUser}.digest.${signature}`,
      `${user}.digest.${lastChanged}`,
      `${user}.digest.${signature}=`,
      `${user}.digest`,
      `${user}.everything.${signature}`,
      createUnsubscribeTokens('another-secret-that-is-long-enough-456').sign({
        userId: 'user_Ab-9',
        kind: 'digest',
      }),
      '',
      '..',
    ]) {
      expect(tokens.verify(bad), bad).toBeNull();
    }
  });
});
