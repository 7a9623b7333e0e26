import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Sends a response already serialised from parts validated against the contract when they were
 * built (Fastify sends a string with a JSON content type as is). Its hash is the ETag (weak:
 * compression may change the bytes, not the meaning), so a client polling an unchanged answer gets
 * a bodiless 304, and every api process gives the same tag for the same answer.
 */
export function sendPrebuiltWithETag(request: FastifyRequest, reply: FastifyReply, json: string) {
  const etag = `W/"${createHash('sha1').update(json).digest('base64url')}"`;
  reply.header('etag', etag).header('cache-control', 'no-cache');
  if (matches(request.headers['if-none-match'], etag)) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(json);
}

/** If-None-Match holds `*` or a comma list of tags; weak comparison ignores the `W/` prefix. */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = etag.slice(2);
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === bare;
  });
}

/** Sends a response already serialised (no ETag: for answers that change with every poll anyway). */
export function sendPrebuilt(reply: FastifyReply, json: string) {
  return reply.type('application/json; charset=utf-8').send(json);
}
