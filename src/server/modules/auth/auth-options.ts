import type { BetterAuthOptions } from 'better-auth';
import { bearer, organization, twoFactor } from 'better-auth/plugins';

/**
 * The parts of the better-auth set-up that shape the database schema. Shared by the running server
 * and by `scripts/generate-auth-schema.ts`, so the committed schema always matches the runtime.
 */
export const authSchemaOptions = {
  emailAndPassword: { enabled: true, minPasswordLength: 8, maxPasswordLength: 128, autoSignIn: true },
  user: {
    additionalFields: {
      username: { type: 'string', required: false, input: true, unique: true },
      referralCode: { type: 'string', required: false, input: false, unique: true },
    },
  },
  session: {
    additionalFields: {
      // When this session last proved a second factor (sign-in with one, or a code entered since):
      // withdrawals and approvals of a user with two-factor on need it within 10 minutes.
      secondFactorAt: { type: 'date', required: false, input: false },
    },
  },
  // A bearer token must carry its `.signature`: a bare session token (e.g. read from a database
  // dump or a log) is not a credential on its own.
  plugins: [
    organization({ allowUserToCreateOrganization: true }),
    bearer({ requireSignature: true }),
    // TOTP (RFC 6238) with ten single-use backup codes, both stored encrypted with the auth secret.
    twoFactor({ issuer: 'HeatSignal', backupCodeOptions: { amount: 10 } }),
  ],
} satisfies Partial<BetterAuthOptions>;
