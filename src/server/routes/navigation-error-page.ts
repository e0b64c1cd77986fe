import type { FastifyReply, FastifyRequest } from 'fastify';
import { translate, type Lang } from '../../core/i18n';
import { AppError } from '../errors';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** A browser opening the URL itself (a download link) rather than a script asking for JSON. */
export const isNavigation = (req: FastifyRequest) =>
  req.headers['sec-fetch-dest'] === 'document' || /\btext\/html\b/.test(String(req.headers.accept ?? ''));

/**
 * Where a download is opened by navigation (the parents' PDF), an expected error is a small page in
 * the reader's language instead of raw JSON on a phone's screen; scripts still get the JSON envelope.
 */
export function sendNavigationError(reply: FastifyReply, err: AppError, lang: Lang, backHref: string) {
  const message = err.options.rawMessage ?? translate(lang, err.messageKey, err.params);
  const html = `<!doctype html><html lang="${lang === 'en' ? 'en' : 'zh-CN'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(message)}</title>
<style>body{font:16px/1.6 system-ui,sans-serif;margin:0;padding:48px 24px;text-align:center;color:#262626}a{display:inline-block;margin-top:24px;color:#1677ff}</style></head>
<body><main><h1 style="font-size:18px">${escapeHtml(message)}</h1><a href="${escapeHtml(backHref)}">${escapeHtml(translate(lang, 'parentReport.backToReport'))}</a></main></body></html>`;
  return reply.status(err.status).type('text/html; charset=utf-8').header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').send(html);
}
