import { z } from 'zod';
import { idParamsSchema, isoDateTimeSchema } from './common';

/** One signed-in device of the caller's account, as Settings lists it. */
export const accountSessionSchema = z.object({
  id: z.string(),
  /** The session this request came with. */
  current: z.boolean(),
  /** Browser and system read from the user agent, e.g. 'Chrome 131 on Linux'. */
  device: z.string(),
  ipAddress: z.string().nullable(),
  createdAt: isoDateTimeSchema,
  /** The last request, to within five minutes. */
  lastActiveAt: isoDateTimeSchema,
});
export type AccountSession = z.infer<typeof accountSessionSchema>;

export const accountSessionsEndpoint = {
  method: 'GET',
  path: '/api/account/sessions',
  response: z.object({ sessions: z.array(accountSessionSchema) }),
  apiKey: 'none',
} as const;

const revokedSchema = z.object({ revoked: z.number().int() });

/** Ends one of the caller's sessions: that device is signed out within seconds, wherever it is. */
export const revokeSessionEndpoint = {
  method: 'DELETE',
  path: '/api/account/sessions/:id',
  params: idParamsSchema,
  response: revokedSchema,
} as const;

/** Ends every session of the caller's but the one this request came with. */
export const revokeOtherSessionsEndpoint = {
  method: 'POST',
  path: '/api/account/sessions/revoke-others',
  body: z.strictObject({}).nullish(),
  response: revokedSchema,
} as const;

export const SESSION_NOT_FOUND = 'Session not found';
