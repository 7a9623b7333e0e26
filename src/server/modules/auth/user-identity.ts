import { randomInt } from 'node:crypto';
import type { Database } from '../../db/client';
import { createUsersRepo } from './users.repo';

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 8;

/** A unique referral code: 8 characters, no look-alikes (0/O, 1/I), fits the 6-20 A-Z0-9 rule. */
export async function createReferralCode(db: Database): Promise<string> {
  for (;;) {
    const code = Array.from(
      { length: CODE_LENGTH },
      () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)],
    ).join('');
    if (!(await createUsersRepo(db).referralCodeTaken(code))) return code;
  }
}

/** The chosen username if free, else one made from the email's local part with a numeric suffix. */
export async function deriveUsername(
  db: Database,
  input: { email: string; username?: unknown },
): Promise<string> {
  const chosen = typeof input.username === 'string' ? input.username.trim() : '';
  const base =
    (chosen || input.email.split('@')[0] || 'trader').replace(/[^a-zA-Z0-9_.-]/g, '').slice(0, 24) ||
    'trader';
  for (let attempt = 0; ; attempt++) {
    const candidate = attempt === 0 ? base : `${base}${randomInt(1000, 100000)}`;
    if (!(await createUsersRepo(db).usernameTaken(candidate))) return candidate;
  }
}
