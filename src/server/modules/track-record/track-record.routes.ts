import { readFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  TRACK_RECORD_EXPORT_FILE,
  TRACK_RECORD_VERIFIER_FILE,
  trackRecordEndpoint,
  trackRecordExportEndpoint,
  trackRecordVerifierEndpoint,
} from '../../../contract/track-record';
import type { TrackRecordService } from './track-record.service';

/**
 * Beside this file in the source tree, beside main.mjs in the server bundle (build-server.ts copies
 * it byte for byte): visitors download the very file the repository holds.
 */
const VERIFIER = new URL('./verify-track-record.mjs', import.meta.url);

/** The public track record: no sign-in for any of it (route-auth reads the contract's `public`). */
export function registerTrackRecordRoutes(
  app: FastifyInstance,
  deps: { trackRecord: TrackRecordService },
): void {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      trackRecordEndpoint.path,
      { schema: { querystring: trackRecordEndpoint.query, response: { 200: trackRecordEndpoint.response } } },
      async (request) => deps.trackRecord.read(request.query),
    );

  app.get(trackRecordExportEndpoint.path, async (_request, reply) =>
    reply
      .header('content-type', 'application/jsonl; charset=utf-8')
      .header('content-disposition', `attachment; filename="${TRACK_RECORD_EXPORT_FILE}"`)
      .header('cache-control', 'no-store')
      .send(Readable.from(deps.trackRecord.exportLines())),
  );

  app.get(trackRecordVerifierEndpoint.path, async (_request, reply) =>
    reply
      .header('content-type', 'text/javascript; charset=utf-8')
      .header('content-disposition', `attachment; filename="${TRACK_RECORD_VERIFIER_FILE}"`)
      .send(await readFile(VERIFIER)),
  );
}
