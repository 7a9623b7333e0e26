import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { genericOAuth } from 'better-auth/plugins';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import * as schema from '../../db/schema';
import type { MailMessage, Mailer } from '../../providers/mail';
import { passwordResetMail, passwordResetUrl, verificationMail, verifyEmailUrl } from './auth-mail';
import { authSchemaOptions } from './auth-options';
import type { OrganizationsService } from './organizations.service';
import { createReferralCode, deriveUsername } from './user-identity';

export interface AuthDeps {
  config: Config;
  db: Database;
  organizations: OrganizationsService;
  /** Sends the password-reset and verification mails. */
  mailer: Mailer;
  /** An account mail that could not be sent: the caller was told the same as for any address. */
  onMailFailed: (error: Error, kind: AccountMail) => void;
  /**
   * A password was reset (every session of the user ended) or an address verified: the user's
   * cached viewers must go.
   */
  onUserChanged: (userId: string) => void;
}

export type AccountMail = 'password reset' | 'email verification';

const SESSION_DAYS = 7;
/** A password-reset link works once, within this time. */
const RESET_LINK_SECONDS = 60 * 60;
/** A verification link works (any number of times) within this time. */
const VERIFY_LINK_SECONDS = 24 * 60 * 60;

export function createAuth({ config, db, organizations, mailer, onMailFailed, onUserChanged }: AuthDeps) {
  // Never awaited: the answer, and how long it takes, must not tell whether the address has an
  // account (a known one would wait on the mail server).
  const send = (message: MailMessage, kind: AccountMail) => {
    mailer.send(message).catch((error: Error) => onMailFailed(error, kind));
  };
  return betterAuth({
    ...authSchemaOptions,
    appName: 'HeatSignal',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    database: drizzleAdapter(db, { provider: 'pg', schema }),
    // A session is read with its user in one statement (the schema's relations), not two: the
    // first request of every sign-in, and of every token whose cached viewer ran out, waits on it.
    advanced: { database: { joins: true } },
    trustedOrigins: trustedOrigins(config),
    telemetry: { enabled: false },
    // Limits are enforced by the HTTP layer (one rate limiter for auth and contact).
    rateLimit: { enabled: false },
    // A new address takes effect once the link mailed to it is opened (emailVerification below).
    user: { ...authSchemaOptions.user, changeEmail: { enabled: true } },
    // Single sign-on joins an existing account only when both the provider and this server have
    // verified the address (better-auth's default rule, spelled out).
    account: { accountLinking: { enabled: true, requireLocalEmailVerified: true } },
    plugins: [...authSchemaOptions.plugins, genericOAuth({ config: ssoProviders(config) })],
    emailAndPassword: {
      ...authSchemaOptions.emailAndPassword,
      resetPasswordTokenExpiresIn: RESET_LINK_SECONDS,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }) =>
        send(passwordResetMail(user.email, passwordResetUrl(config.publicUrl, token)), 'password reset'),
      onPasswordReset: async ({ user }) => onUserChanged(user.id),
    },
    // Offered on every server; required for withdrawals only where mail really leaves (SMTP_URL).
    emailVerification: {
      sendOnSignUp: true,
      expiresIn: VERIFY_LINK_SECONDS,
      sendVerificationEmail: async ({ user, token }) =>
        send(
          verificationMail(
            user.email,
            verifyEmailUrl(config.publicUrl, token),
            config.mail.verificationRequired,
          ),
          'email verification',
        ),
      afterEmailVerification: async (user) => onUserChanged(user.id),
    },
    session: {
      ...authSchemaOptions.session,
      expiresIn: SESSION_DAYS * 24 * 60 * 60,
      updateAge: 24 * 60 * 60,
    },
    logger: { disabled: config.logLevel === 'silent' },
    databaseHooks: {
      user: {
        create: {
          before: async (user) => ({
            data: {
              ...user,
              username: await deriveUsername(db, user),
              referralCode: await createReferralCode(db),
            },
          }),
        },
      },
      session: {
        create: {
          // Every session starts in an organisation: the operator one for its admins, else the first.
          // One made by a second factor (sign-in with a code, or turning two-factor on) has proved it.
          before: async (session, context) => {
            await organizations.ensureUserOrganizations(session.userId);
            const active = await organizations.defaultActiveOrganizationId(session.userId);
            const proved = isSecondFactorPath(context?.path) ? { secondFactorAt: new Date() } : {};
            return { data: { ...session, activeOrganizationId: active, ...proved } };
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** The one provider id of single sign-on: its callback is /api/auth/callback/oidc. */
export const SSO_PROVIDER_ID = 'oidc';

/**
 * The OpenID Connect provider of OIDC_*, if any. Its discovery document is read when the server
 * starts; ID tokens are checked against its keys, with PKCE and a nonce.
 */
function ssoProviders(config: Config) {
  if (!config.oidc) return [];
  const { issuer, clientId, clientSecret, name } = config.oidc;
  return [
    {
      providerId: SSO_PROVIDER_ID,
      name,
      discoveryUrl: `${issuer}/.well-known/openid-configuration`,
      clientId,
      clientSecret,
      scopes: ['openid', 'email', 'profile'],
      pkce: true,
      requireIdTokenVerification: true,
    },
  ];
}

/** better-auth's endpoints that accept a second factor (a TOTP code or a backup code). */
export const SECOND_FACTOR_PATHS = ['/two-factor/verify-totp', '/two-factor/verify-backup-code'];

export function isSecondFactorPath(path: string | undefined): boolean {
  return path !== undefined && SECOND_FACTOR_PATHS.includes(path);
}

function trustedOrigins(config: Config): string[] {
  const origins = new Set([new URL(config.publicUrl).origin]);
  origins.add(`http://localhost:${config.port}`);
  origins.add(`http://127.0.0.1:${config.port}`);
  return [...origins];
}
