/**
 * Assembles the @zhipi/elements package (packages/elements/dist/) from the widgets build
 * (dist/widgets/, `npm run build`): the same content-hashed modules the server sends, an ES module
 * entry per element and one for all four, the pinned loader's URL, the types and the custom-elements
 * manifest (scripts/widgets-manifest.ts). Run by `npm pack` in packages/elements (its `prepack`), or
 * by hand: `node --import tsx scripts/elements-package.ts`. docs/widgets.md "The package".
 */
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { customElementsManifest, describeElement, elementTypes, reactTypes, vueTypes } from './widgets-manifest';
import { LOADER_FILE, loaderModules, WIDGET_ELEMENTS } from '../vite.widgets.config';

const root = path.resolve(import.meta.dirname, '..');

/** What the pinned loader functions are (dist/loader.js); the entry re-exports them. */
function loaderModule(version: string, tags: string[]): string {
  return `// @zhipi/elements ${version}: where a zhipi server serves this version's loader (docs/widgets.md "Versions").
export const version = ${JSON.stringify(version)};
export const tags = Object.freeze(${JSON.stringify(tags)});
export function loaderUrl(origin, options = {}) {
  const base = String(origin).replace(/\\/+$/, '');
  const only = options.elements && options.elements.length ? \`?elements=\${options.elements.join(',')}\` : '';
  return \`\${base}/teaching/widgets/\${version}/${LOADER_FILE}\${only}\`;
}
export function loadElements(origin, options = {}) {
  return import(/* @vite-ignore */ loaderUrl(origin, options));
}
`;
}

function loaderDeclarations(tags: string[]): string {
  const tag = tags.map((t) => `'${t}'`).join(' | ');
  return `/** This package's version; a zhipi server of this version serves its loader at /teaching/widgets/<version>/zp-widgets.js. */
export declare const version: string;
/** The tags this package defines. */
export declare const tags: readonly (${tag})[];
/** The URL of this version's loader on a zhipi server (origin and path prefix, no trailing /teaching). */
export declare function loaderUrl(origin: string, options?: { elements?: (${tag})[] }): string;
/** Defines the elements from the zhipi server instead of this package's own copy (a page that must not bundle them). */
export declare function loadElements(origin: string, options?: { elements?: (${tag})[] }): Promise<{ elements: string[] }>;
`;
}

export function assembleElementsPackage(opts: { widgetsDir: string; packageDir: string }) {
  const { version } = JSON.parse(readFileSync(path.join(opts.packageDir, 'package.json'), 'utf8')) as { version: string };
  const pinnedLoader = path.join(opts.widgetsDir, version, LOADER_FILE);
  if (!existsSync(pinnedLoader)) {
    throw new Error(`${path.relative(root, pinnedLoader)} is missing: build the elements of version ${version} first (npm run build)`);
  }
  const out = path.join(opts.packageDir, 'dist');
  rmSync(out, { recursive: true, force: true });
  mkdirSync(path.join(out, 'assets'), { recursive: true });
  // Every module and chunk as served (not the .br / .gz copies): a host's bundler follows their imports.
  for (const file of readdirSync(path.join(opts.widgetsDir, 'assets'))) {
    if (file.endsWith('.js')) copyFileSync(path.join(opts.widgetsDir, 'assets', file), path.join(out, 'assets', file));
  }
  const modules = loaderModules(readFileSync(path.join(opts.widgetsDir, LOADER_FILE), 'utf8'));
  const tags = Object.keys(WIDGET_ELEMENTS);
  for (const tag of tags) {
    const entry = modules[tag]?.[0];
    if (!entry) throw new Error(`${LOADER_FILE} names no module for ${tag}`);
    writeFileSync(path.join(out, `${tag}.js`), `// Defines <${tag}> (@zhipi/elements ${version}).\nimport '${entry}';\n`);
  }
  writeFileSync(
    path.join(out, 'index.js'),
    [`// @zhipi/elements ${version}: importing this defines ${tags.map((t) => `<${t}>`).join(', ')}.`, ...tags.map((t) => `import './${t}.js';`), "export { version, tags, loaderUrl, loadElements } from './loader.js';", ''].join('\n'),
  );
  writeFileSync(path.join(out, 'loader.js'), loaderModule(version, tags));

  const described = tags.map((tag) => describeElement(root, tag, WIDGET_ELEMENTS[tag as keyof typeof WIDGET_ELEMENTS]));
  writeFileSync(path.join(out, 'index.d.ts'), `${elementTypes(described, root)}\n${loaderDeclarations(tags)}`);
  writeFileSync(path.join(out, 'loader.d.ts'), loaderDeclarations(tags));
  writeFileSync(path.join(out, 'react.d.ts'), reactTypes(described, './index.js'));
  writeFileSync(path.join(out, 'vue.d.ts'), vueTypes(described, './index.js'));
  writeFileSync(path.join(out, 'custom-elements.json'), `${JSON.stringify(customElementsManifest(described, 'dist/index.js'), null, 2)}\n`);
  return { version, out };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { version, out } = assembleElementsPackage({ widgetsDir: path.join(root, 'dist/widgets'), packageDir: path.join(root, 'packages/elements') });
  console.log(`@zhipi/elements ${version} assembled in ${path.relative(process.cwd(), out) || '.'}`);
}
