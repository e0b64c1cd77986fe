import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './scripts/precompress-plugin';
import { customElementsManifest, describeElement, elementTypes, reactTypes, vueTypes } from './scripts/widgets-manifest';
import { catalogueModule, keysNamedIn, moduleGraph } from './scripts/widget-catalogue';
import { en } from './src/core/i18n/en';
import { zh } from './src/core/i18n/zh';

/**
 * The partner-portal delivery (docs/widgets.md "Delivery"), built after the app by vite.config.ts into
 * dist/widgets/ (served at /teaching/widgets/):
 *   assets/zp-task-board-<hash>.js, assets/zp-correction-panel-<hash>.js   one ES module per element
 *   assets/zp-runtime-<hash>.js                                            what both share (React, antd, client)
 *   zp-widgets.js                                                          the stable loader (no hash, short cache)
 *   <version>/zp-widgets.js                                                the same loader pinned by the package's version
 *   custom-elements.json, zp-widgets*.d.ts                                 the manifest and types (scripts/widgets-manifest.ts)
 *   index.html + preview.js                                                the preview page
 *   demo/                                                                  the demo partner portal (not in production)
 * Relative URLs everywhere, so the files work from any origin or CDN path.
 */
export const WIDGET_ELEMENTS = {
  'zp-task-board': 'src/widgets/elements/zp-task-board.ts',
  'zp-correction-panel': 'src/widgets/elements/zp-correction-panel.ts',
  'zp-class-report': 'src/widgets/elements/zp-class-report.ts',
  'zp-growth-profile': 'src/widgets/elements/zp-growth-profile.ts',
} as const;

const root = import.meta.dirname;
export const WIDGETS_OUT_DIR = path.join(root, 'dist/widgets');
export const LOADER_FILE = 'zp-widgets.js';
/** The elements' version: the package's (packages/elements/package.json), also in the pinned loader's path. */
export const ELEMENTS_VERSION = (JSON.parse(readFileSync(path.join(root, 'packages/elements/package.json'), 'utf8')) as { version: string }).version;

const MODULES_START = 'const modules = ';
const MODULES_END = ';\nconst only =';

/** The loader's source: a map of element → its module and the chunks it imports, fetched in parallel. */
export function loaderSource(modules: Record<string, string[]>): string {
  return `// zhipi custom elements loader: a stable URL with a short cache that imports this build's
// content-hashed element modules (cached for a year). ?elements=zp-task-board,... loads only those.
${MODULES_START}${JSON.stringify(modules, null, 2)}${MODULES_END} new URL(import.meta.url).searchParams.get('elements');
const wanted = only ? only.split(',').map((name) => name.trim()).filter((name) => name in modules) : Object.keys(modules);
const files = [...new Set(wanted.flatMap((name) => modules[name]))];
await Promise.all(files.map((file) => import(new URL(file, import.meta.url).href)));
export const elements = wanted;
`;
}

/**
 * Keeps library code from writing into the host page (docs/widgets.md "What an element owns"): the
 * modules that inject styles or measure with no container of their own are swapped for versions that
 * use the element's shadow root (src/widgets/confine/), and any other `document.body.appendChild` /
 * `removeChild` in antd and rc-component code is redirected there too (measuring nodes, added and
 * removed at once). Only this build: the app itself owns its page.
 */
const CONFINED_MODULES: Record<string, string> = {
  '@rc-component/util/es/Dom/dynamicCSS.js': 'src/widgets/confine/dynamic-css.ts',
  '@rc-component/input/es/calculateNodeHeight.js': 'src/widgets/confine/calculate-node-height.ts',
};
const LIVE_ROOTS = path.join(root, 'src/widgets/confine/live-roots.ts');
const LIBRARY = /[\\/]node_modules[\\/](antd|@ant-design|@rc-component|rc-[\w-]+)[\\/]/;

/**
 * @ant-design/cssinjs injects a style from an insertion effect only if no other component did for the
 * same style path in the same microtask — remembered in one module-level map for every cache. Elements
 * have a cache each (their own shadow root): when several elements mount in one batch, only the first
 * got the style, the others lost some (a bare class switch). The map is made per cache.
 */
export function perCacheStyleEffects(code: string): string {
  const shared = 'const effectMap = new Map();';
  const read = 'cache: globalCache\n  } = React.useContext(StyleContext);';
  if (!code.includes(shared) || !code.includes(read)) throw new Error('@ant-design/cssinjs useGlobalCache changed: review perCacheStyleEffects (vite.widgets.config.ts)');
  return code
    .replace(shared, 'const effectMaps = new WeakMap();\nconst effectMapOf = (cache) => { let map = effectMaps.get(cache); if (!map) effectMaps.set(cache, (map = new Map())); return map; };')
    .replace(read, `${read}\n  const effectMap = effectMapOf(globalCache);`);
}

export function confineToShadowRoots(): Plugin {
  return {
    name: 'zhipi-widgets-confine',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer || !/dynamicCSS|calculateNodeHeight/.test(source)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      const id = resolved?.id.replace(/\\/g, '/');
      for (const [suffix, file] of Object.entries(CONFINED_MODULES)) if (id?.endsWith(`/node_modules/${suffix}`)) return path.join(root, file);
      return null;
    },
    transform(code, id) {
      if (!LIBRARY.test(id)) return null;
      if (/[\\/]@ant-design[\\/]cssinjs[\\/]es[\\/]hooks[\\/]useGlobalCache\.js$/.test(id)) return { code: perCacheStyleEffects(code), map: null };
      // Copies of rc-util's style injector (@ant-design/icons has its own): their container cache
      // must not keep a removed element's shadow root alive.
      if (/const containerCache = new Map\(\);/.test(code) && !code.includes('containerCache.clear')) {
        return { code: code.replace('const containerCache = new Map();', 'const containerCache = new WeakMap();'), map: null };
      }
      if (!/document\.body\.(appendChild|removeChild)\(/.test(code)) return null;
      const out = code.replace(/document\.body\.appendChild\(/g, '__zpStage().appendChild(').replace(/document\.body\.removeChild\(/g, '__zpUnstage(');
      return { code: `import { stage as __zpStage, unstage as __zpUnstage } from ${JSON.stringify(LIVE_ROOTS)};\n${out}`, map: null };
    },
  };
}

/**
 * The elements' catalogues (src/widgets/widget-catalogues.ts): each language's module becomes only
 * the keys the elements' code names (scripts/widget-catalogue.ts), about a quarter of the whole.
 */
export function elementCatalogues(): Plugin {
  let keys: string[] | null = null;
  return {
    name: 'zhipi-widgets-catalogues',
    enforce: 'pre',
    buildStart() {
      keys = null;
    },
    load(id) {
      const lang = /[\\/]src[\\/]widgets[\\/]catalogue[\\/]zp-catalogue-(zh|en)\.ts$/.exec(id)?.[1];
      if (!lang) return null;
      keys ??= keysNamedIn(moduleGraph(Object.values(WIDGET_ELEMENTS).map((entry) => path.join(root, entry))), Object.keys(zh));
      return { code: catalogueModule(lang === 'en' ? en : zh, keys), map: null };
    },
  };
}

/**
 * Imports of antd that drag code no element runs into every element (bench/README.md, product-rules.md#partner-portals):
 * antd's form context and Radio.Group import rc-form's index, whose module body attaches Field, List
 * and useForm to the Form object, so the whole form store and async-validator stay in the bundle
 * though no element renders a Form. Pointed at the one module each needs (src/widgets/lighter/).
 * Only this build: the app keeps antd as it is.
 */
const LIGHTER_IMPORTS: { importer: string; source: string; target: string }[] = [
  { importer: 'antd/es/form/context.js', source: '@rc-component/form', target: 'node_modules/@rc-component/form/es/FormContext.js' },
  { importer: 'antd/es/radio/group.js', source: '../form/hooks/useForm', target: 'src/widgets/lighter/form-name-path.ts' },
  // Card's tabList (no element has one) would bring Tabs, rc-dropdown and rc-menu into the task board
  { importer: 'antd/es/card/Card.js', source: '../tabs', target: 'src/widgets/lighter/no-card-tabs.ts' },
];

export function lighterAntd(): Plugin {
  return {
    name: 'zhipi-widgets-lighter-antd',
    enforce: 'pre',
    resolveId(source, importer) {
      const from = importer?.replace(/\\/g, '/');
      const rule = from && LIGHTER_IMPORTS.find((r) => r.source === source && from.endsWith(`/node_modules/${r.importer}`));
      return rule ? path.join(root, rule.target) : null;
    },
  };
}

/** The map a loader was written with (loaderSource): element → its entry module first, then the chunks it imports. */
export function loaderModules(source: string): Record<string, string[]> {
  const start = source.indexOf(MODULES_START);
  const end = source.indexOf(MODULES_END, start);
  if (start < 0 || end < 0) throw new Error('not a loader written by loaderSource (vite.widgets.config.ts)');
  return JSON.parse(source.slice(start + MODULES_START.length, end)) as Record<string, string[]>;
}

/** Writes the loader from the bundle's entry chunks, and copies the preview page and the demo portal unprocessed. */
function widgetsDelivery(): Plugin {
  return {
    name: 'zhipi-widgets-delivery',
    generateBundle(_options, bundle) {
      const modules: Record<string, string[]> = {};
      // Every chunk an element imports, directly or through another chunk, fetched at once (no waterfall).
      const closure = (file: string, seen: Set<string>) => {
        if (seen.has(file)) return seen;
        seen.add(file);
        const chunk = bundle[file];
        if (chunk?.type === 'chunk') for (const dep of chunk.imports) closure(dep, seen);
        return seen;
      };
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || !chunk.isEntry) continue;
        modules[chunk.name] = [...closure(chunk.fileName, new Set())].map((f) => `./${f}`);
      }
      this.emitFile({ type: 'asset', fileName: LOADER_FILE, source: loaderSource(modules) });
      // The same loader at a URL that names the version (docs/widgets.md "Versions"): one folder down.
      const pinned = Object.fromEntries(Object.entries(modules).map(([tag, files]) => [tag, files.map((f) => `../${f.replace(/^\.\//, '')}`)]));
      this.emitFile({ type: 'asset', fileName: `${ELEMENTS_VERSION}/${LOADER_FILE}`, source: loaderSource(pinned) });
      // The host-facing types and manifest (docs/widgets.md "The package").
      const described = Object.entries(WIDGET_ELEMENTS).map(([tag, entry]) => describeElement(root, tag, entry));
      this.emitFile({ type: 'asset', fileName: 'custom-elements.json', source: `${JSON.stringify(customElementsManifest(described, LOADER_FILE), null, 2)}\n` });
      this.emitFile({ type: 'asset', fileName: 'zp-widgets.d.ts', source: elementTypes(described, root) });
      this.emitFile({ type: 'asset', fileName: 'zp-widgets-vue.d.ts', source: vueTypes(described) });
      this.emitFile({ type: 'asset', fileName: 'zp-widgets-react.d.ts', source: reactTypes(described) });
      const copy = (from: string, to: string) => this.emitFile({ type: 'asset', fileName: to, source: readFileSync(path.join(root, from)) });
      copy('widgets/index.html', 'index.html');
      copy('widgets/preview.js', 'preview.js');
      const demo = path.join(root, 'demo/portal');
      if (existsSync(demo)) for (const file of readdirSync(demo)) copy(`demo/portal/${file}`, `demo/${file}`);
    },
  };
}

export default defineConfig({
  root,
  base: './',
  publicDir: false,
  plugins: [confineToShadowRoots(), lighterAntd(), elementCatalogues(), react(), widgetsDelivery(), precompress(WIDGETS_OUT_DIR)],
  build: {
    outDir: WIDGETS_OUT_DIR,
    emptyOutDir: true,
    // No <link rel=modulepreload> for what loads on first use (a dialog, a drawer): Vite's preload helper
    // writes those into document.head, outside the element's shadow root. The browser still fetches
    // a lazy chunk's imports in parallel once the chunk arrives.
    modulePreload: false,
    chunkSizeWarningLimit: 2000,
    rolldownOptions: {
      input: WIDGET_ELEMENTS,
      preserveEntrySignatures: 'exports-only',
      output: {
        entryFileNames: 'assets/[name]-[hash].js',
        chunkFileNames: 'assets/[name]-[hash].js',
        // What every element uses (React, the antd core, the API client, the shell) is one runtime chunk,
        // fetched once however many elements a page shows. What only some use (the table, the chart
        // wrapper, …) gets a chunk per set of elements sharing it, so an element downloads no code it
        // does not run; echarts is a dynamic chunk fetched with the first chart (views/charts/Chart.tsx).
        codeSplitting: { groups: [{ name: 'zp-runtime', minShareCount: Object.keys(WIDGET_ELEMENTS).length }] },
      },
    },
  },
});
