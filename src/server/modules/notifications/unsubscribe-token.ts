/**
 * The token of a mail's unsubscribe link: the user and the kind of mail, signed with a key derived
 * from the server's AUTH_SECRET (HKDF with its own label, so it can never stand for any other
 * signature the server makes). It does not expire: a link in an old mail must still work, and all
 * it can ever do is turn that one kind of mail off for that one trader.
 *
 * Format: `<base64url user id>.<kind>.<base64url HMAC-SHA256>`.
 */
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { emailSettingKindSchema, type EmailSettingKind } from '../../../contract/notifications';

export interface UnsubscribeClaim {
  userId: string;
  kind: EmailSettingKind;
}

export interface UnsubscribeTokens {
  sign(claim: UnsubscribeClaim): string;
  /** The claim of a token signed here, or null for anything else (malformed, tampered, foreign). */
  verify(token: string): UnsubscribeClaim | null;
}

export function createUnsubscribeTokens(authSecret: string): UnsubscribeTokens {
  const key = Buffer.from(hkdfSync('sha256', authSecret, 'heatsignal', 'unsubscribe-links', 32));
  const mac = (encodedUser: string, kind: string) =>
    createHmac('sha256', key).update(`unsubscribe.v1.${encodedUser}.${kind}`).digest();

  return {
    sign({ userId, kind }) {
      const user = Buffer.from(userId, 'utf8').toString('base64url');
      return `${user}.${kind}.${mac(user, kind).toString('base64url')}`;
    },

    verify(token) {
      const parts = token.split('.');
      if (parts.length !== 3) return null;
      const [user, kind, signature] = parts as [string, string, string];
      const parsedKind = emailSettingKindSchema.safeParse(kind);
      if (!parsedKind.success || !/^[A-Za-z0-9_-]+$/.test(user)) return null;
      // Compared as text: base64 decoding is lenient (a changed last character can decode to
      // the same bytes), and the link must be exactly the one signed.
      const given = Buffer.from(signature, 'utf8');
      const expected = Buffer.from(mac(user, kind).toString('base64url'), 'utf8');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      if (Buffer.from(user, 'base64url').toString('base64url') !== user) return null;
      return { userId: Buffer.from(user, 'base64url').toString('utf8'), kind: parsedKind.data };
    },
  };
}
