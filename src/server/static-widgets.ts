import path from 'node:path';
import type { FastifyReply } from 'fastify';

/**
 * How the partner-portal delivery under /teaching/widgets/ is served (docs/widgets.md "Delivery").
 * dist/widgets/ holds content-hashed element modules (assets/, cached for a year like the app's), the
 * stable loader zp-widgets.js (revalidated on every use, so a deploy reaches portals at once), the
 * preview page and the demo partner portal (demo/, never in production).
 */
export const WIDGETS_LOADER = 'zp-widgets.js';

const inWidgets = (distDir: string, filePath: string) => path.relative(path.join(distDir, 'widgets'), filePath);
const isDemo = (relative: string) => relative === 'demo' || relative.startsWith(`demo${path.sep}`) || relative.startsWith('demo/');

/** Extra headers for a static file under dist/widgets/: cross-origin use and the loader's short cache. */
export function widgetFileHeaders(reply: FastifyReply, filePath: string, distDir: string) {
  const relative = inWidgets(distDir, filePath);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return;
  // Module scripts from another origin are fetched in CORS mode; the code is public, never credentialed.
  reply.header('access-control-allow-origin', '*');
  reply.header('cross-origin-resource-policy', 'cross-origin');
  const name = relative.replace(/\.(br|gz)$/, '');
  if (name === WIDGETS_LOADER || isDemo(relative)) reply.header('cache-control', 'no-cache');
}

/** Static file paths (relative to /teaching) that may be served: the demo portal only outside production. */
export function widgetPathAllowed(pathName: string, nodeEnv: string): boolean {
  return nodeEnv !== 'production' || !/^\/?widgets\/demo(\/|$)/.test(pathName);
}

/**
 * The HTML page for a /teaching/widgets… URL (wildcard after /teaching/): the demo portal, the
 * preview page, or null when not a widgets URL. 'hidden' for the demo in production.
 */
export function widgetsPage(wildcard: string, distDir: string, nodeEnv: string): string | 'hidden' | null {
  if (!/^widgets(\/|$)/.test(wildcard)) return null;
  if (/^widgets\/demo(\/|$)/.test(wildcard)) return nodeEnv === 'production' ? 'hidden' : path.join(distDir, 'widgets', 'demo', 'index.html');
  return path.join(distDir, 'widgets', 'index.html');
}
