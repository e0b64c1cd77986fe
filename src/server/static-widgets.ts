import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { FastifyReply } from 'fastify';

/**
 * How the partner-portal delivery under /teaching/widgets/ is served (docs/widgets.md "Delivery").
 * dist/widgets/ holds content-hashed element modules (assets/, cached for a year like the app's), the
 * stable loader zp-widgets.js (revalidated on every use, so a deploy reaches portals at once), the
 * preview page and the demo partner portal (demo/, never in production).
 */
export const WIDGETS_LOADER = 'zp-widgets.js';

/** A version folder under widgets/ (`1.0.0/`, `1.2.0-rc.1/`): the loader pinned by the package's version. */
const VERSION = /^\d+\.\d+\.\d+(?:-[\w.]+)?$/;
const isPinnedLoader = (name: string) => {
  const [version, file, ...rest] = name.split(/[\\/]/);
  return rest.length === 0 && file === WIDGETS_LOADER && VERSION.test(version ?? '');
};

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
  // Revalidated like the latest loader: a version's loader names the same modules for the build's life,
  // but a rebuild of one version (a fix before release) must reach portals too.
  if (name === WIDGETS_LOADER || isPinnedLoader(name) || isDemo(relative)) reply.header('cache-control', 'no-cache');
}

/** The element versions this build serves (folders of dist/widgets/ holding a pinned loader). */
export function servedVersions(distDir: string): string[] {
  const dir = path.join(distDir, 'widgets');
  if (!existsSync(dir)) return [];
  return readdirSync(dir).filter((name) => VERSION.test(name) && existsSync(path.join(dir, name, WIDGETS_LOADER)));
}

/**
 * For a pinned loader URL (wildcard after /teaching/) of a version this server does not serve: why,
 * naming the versions it does, so a portal's failed script load is explained. Null for any other URL.
 */
export function missingVersionMessage(wildcard: string, distDir: string): string | null {
  const match = /^widgets\/([^/]+)\/zp-widgets\.js$/.exec(wildcard);
  if (!match || !VERSION.test(match[1]!)) return null;
  const served = servedVersions(distDir);
  return `zhipi elements ${match[1]} are not served here. Served: ${served.map((v) => `/teaching/widgets/${v}/${WIDGETS_LOADER}`).join(', ') || 'no pinned version'} and the latest, /teaching/widgets/${WIDGETS_LOADER}.`;
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
