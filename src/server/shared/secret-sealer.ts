import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Secrets the server must use again later (a webhook's signing secret, a trader's bot credentials)
 * are stored sealed: AES-256-GCM under a key derived from AUTH_SECRET for one `purpose`, so a copy
 * of the database alone reveals none of them, and rotating AUTH_SECRET retires them all.
 */
export function createSecretSealer(authSecret: string, purpose: string) {
  const key = Buffer.from(hkdfSync('sha256', authSecret, 'heatsignal', purpose, 32));
  return {
    seal(secret: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      return [iv, cipher.getAuthTag(), sealed].map((b) => b.toString('base64url')).join('.');
    },
    /** Null when the text was sealed under another AUTH_SECRET or purpose, or tampered with. */
    open(sealed: string): string | null {
      const [iv, tag, data] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
      if (!iv || !tag || !data) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, iv);
        decipher.setAuthTag(tag);
        return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}

export type SecretSealer = ReturnType<typeof createSecretSealer>;
