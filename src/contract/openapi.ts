import { z } from 'zod';

/** The OpenAPI 3.1 document of this API, generated from this contract (server/http/openapi.ts). */
export const openApiDocumentSchema = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()),
});

/** The machine-readable API description; the interactive reference at /docs/api reads it. */
export const openApiEndpoint = {
  method: 'GET',
  path: '/api/openapi.json',
  auth: 'public',
  response: openApiDocumentSchema,
} as const;
