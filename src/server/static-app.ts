import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { languageForHost } from '../core/i18n';
import { newNonce, setPageCsp } from './plugins/security-headers';
import { missingVersionMessage, widgetFileHeaders, widgetPathAllowed, widgetsPage } from './static-widgets';

export interface StaticAppOptions {
  distDir: string;
  englishHosts: string[];
  nodeEnv: string;
  /** Origins that may frame the element pages (partner portals); other pages only by the site itself. */
  partnerOrigins?: () => Promise<string[]>;
}

const CONFIG_MARKER = '<!--zhipi-config-->';

/**
 * Serves the built browser faces under /teaching/ with history fallback: /teaching/h5/* falls back
 * to the H5 page, /teaching/widgets/ to the widget preview page (/teaching/widgets/demo/ to the demo
 * partner portal outside production), everything else to the app. HTML gets the host's language and the environment
 * injected, so the first paint is already in the right language.
 */
export const staticApp = fp<StaticAppOptions>(async (app, opts) => {
  const appHtml = path.join(opts.distDir, 'index.html');
  const h5Html = path.join(opts.distDir, 'h5', 'index.html');
  if (!existsSync(appHtml)) {
    app.log.warn(`No built app in ${opts.distDir}: run "npm run build" (npm start does it for you).`);
  }
  const cache = new Map<string, string>();
  const read = (file: string) => {
    if (!cache.has(file) || opts.nodeEnv !== 'production') cache.set(file, readFileSync(file, 'utf8'));
    return cache.get(file)!;
  };

  await app.register(fastifyStatic, {
    root: opts.distDir,
    prefix: '/teaching/',
    wildcard: false,
    index: false,
    allowedPath: (pathName) => !pathName.endsWith('.html') && widgetPathAllowed(pathName, opts.nodeEnv),
    // The widgets build writes .br and .gz beside its modules; files without them are sent as they are.
    preCompressed: true,
    setHeaders(res, filePath) {
      // Vite puts a content hash in every asset name, so those can be cached for a year.
      if (/[\\/]assets[\\/]/.test(filePath)) res.header('cache-control', 'public, max-age=31536000, immutable');
      widgetFileHeaders(res, filePath, opts.distDir);
    },
  });

  const hidden = { schema: { hide: true } };
  app.get('/', hidden, async (_req, reply) => reply.redirect('/teaching/teacherIndex'));
  app.get('/teaching', hidden, async (_req, reply) => reply.redirect('/teaching/teacherIndex'));

  app.get('/teaching/*', hidden, async (req, reply) => {
    const wildcard = (req.params as { '*': string })['*'] ?? '';
    if (/\.(js|css|png|jpe?g|svg|ico|woff2?|map|json|webp)$/.test(wildcard)) {
      return reply.status(404).type('text/plain').send(missingVersionMessage(wildcard, opts.distDir) ?? 'Not found');
    }
    const widgetsHtml = widgetsPage(wildcard, opts.distDir, opts.nodeEnv);
    if (widgetsHtml === 'hidden') return reply.status(404).type('text/plain').send('Not found');
    // /teaching/h5/… is the H5 face; /teaching/h5Pdf is an app route (product-rules.md#screens), not the H5 face
    const isH5 = wildcard === 'h5' || wildcard.startsWith('h5/');
    const file = isH5 && existsSync(h5Html) ? h5Html : widgetsHtml && existsSync(widgetsHtml) ? widgetsHtml : appHtml;
    if (!existsSync(file)) return reply.status(503).type('text/plain').send('The app is not built yet: run "npm run build".');
    const lang = languageForHost(req.headers.host ?? '', opts.englishHosts);
    const config = JSON.stringify({ lang, env: opts.nodeEnv }).replace(/</g, '\\u003c');
    // The one inline script runs by this response's nonce; the element pages may be framed by partners.
    const nonce = newNonce();
    setPageCsp(reply, nonce, file === appHtml || file === h5Html ? [] : ((await opts.partnerOrigins?.()) ?? []));
    const html = read(file)
      .replace(CONFIG_MARKER, `<script nonce="${nonce}">window.__ZHIPI__=${config}</script>`)
      .replace('<html lang="zh-CN">', `<html lang="${lang === 'en' ? 'en' : 'zh-CN'}">`);
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  });
});
