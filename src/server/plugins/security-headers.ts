// Security headers on every response (product-rules.md#security). The pages' Content-Security-Policy is strict for
// scripts (only our own files and the one inline config script, by a per-response nonce); styles allow
// 'unsafe-inline' because antd's CSS-in-JS writes <style> elements at run time. API answers are never
// cached (they carry students' data), nothing is sniffed, no referrer leaves the site.
import { randomBytes } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyReply } from 'fastify';

export const newNonce = () => randomBytes(16).toString('base64');

/** The CSP of an app or H5 page; `frameAncestors` are the origins that may frame it besides itself. */
export function pageCsp(nonce: string, frameAncestors: readonly string[] = []): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${["'self'", ...frameAncestors].join(' ')}`,
  ].join('; ');
}

/** Sets a page's CSP (and the legacy X-Frame-Options when only the site itself may frame it). */
export function setPageCsp(reply: FastifyReply, nonce: string, frameAncestors: readonly string[] = []): void {
  reply.header('content-security-policy', pageCsp(nonce, frameAncestors));
  if (frameAncestors.length === 0) reply.header('x-frame-options', 'SAMEORIGIN');
}

export const securityHeaders = fp(async (app) => {
  app.addHook('onSend', async (req, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'same-origin');
    if (req.url.startsWith('/correction-api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
});
