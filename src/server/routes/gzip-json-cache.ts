import { gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Large JSON answers that repeat (a growth profile of 200 essays is ~130 KB, mostly Chinese text) are sent
 * gzipped to clients that accept it, and the compressed bytes are reused while the answer's bytes are the
 * same: a memcmp instead of compressing again. Entries are found by a key but only served when the bytes
 * match, so a stale or foreign entry can never be sent.
 */
export class GzipJsonCache {
  private readonly entries = new Map<string, { json: Buffer; gz: Buffer }>();

  constructor(private readonly max = 500) {}

  send(req: FastifyRequest, reply: FastifyReply, key: string, json: Buffer): FastifyReply {
    reply.type('application/json; charset=utf-8').header('vary', 'Accept-Encoding');
    if (json.length < 1024 || !/\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) return reply.send(json);
    let hit = this.entries.get(key);
    if (!hit || !hit.json.equals(json)) {
      hit = { json, gz: gzipSync(json, { level: 6 }) };
      this.entries.delete(key);
      this.entries.set(key, hit);
      if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!);
    }
    return reply.header('content-encoding', 'gzip').send(hit.gz);
  }
}
