import type { BetterAuthOptions } from 'better-auth';
import { bearer, organization } from 'better-auth/plugins';

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
  // A bearer token must carry its `.signature`: a bare session token (e.g. read from a database
  // dump or a log) is not a credential on its own.
  plugins: [organization({ allowUserToCreateOrganization: true }), bearer({ requireSignature: true })],
} satisfies Partial<BetterAuthOptions>;
