import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assembleElementsPackage } from '../../scripts/elements-package';
import { ELEMENTS_VERSION, loaderModules, loaderSource, WIDGET_ELEMENTS } from '../../vite.widgets.config';

// The package assembled from a miniature widgets build (no Vite run): what each entry imports, the
// pinned loader's URL, and the types and manifest beside them.
const tags = Object.keys(WIDGET_ELEMENTS);
let work: string;
let widgets: string;
let pkg: string;

beforeAll(() => {
  work = mkdtempSync(path.join(tmpdir(), 'zhipi-elements-package-'));
  widgets = path.join(work, 'widgets');
  pkg = path.join(work, 'package');
  mkdirSync(path.join(widgets, 'assets'), { recursive: true });
  mkdirSync(pkg);
  writeFileSync(path.join(pkg, 'package.json'), JSON.stringify({ name: '@zhipi/elements', version: '9.8.7' }));
  const modules = Object.fromEntries(tags.map((tag) => [tag, [`./assets/${tag}-AbC123.js`, './assets/zp-runtime-XyZ789.js']]));
  for (const tag of tags) writeFileSync(path.join(widgets, 'assets', `${tag}-AbC123.js`), `import './zp-runtime-XyZ789.js';\n`);
  writeFileSync(path.join(widgets, 'assets', 'zp-runtime-XyZ789.js'), 'export {};\n');
  writeFileSync(path.join(widgets, 'assets', 'zp-runtime-XyZ789.js.br'), 'compressed');
  writeFileSync(path.join(widgets, 'zp-widgets.js'), loaderSource(modules));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the @zhipi/elements package (scripts/elements-package.ts)', () => {
  it('reads the element modules back from the loader it was written with', () => {
    const modules = { 'zp-task-board': ['./assets/a.js', './assets/b.js'] };
    expect(loaderModules(loaderSource(modules))).toEqual(modules);
    expect(ELEMENTS_VERSION).toBe((JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../packages/elements/package.json'), 'utf8')) as { version: string }).version);
  });

  it('refuses a widgets build without the loader of its version', () => {
    expect(() => assembleElementsPackage({ widgetsDir: widgets, packageDir: pkg })).toThrow(/9\.8\.7.*npm run build/);
  });

  it('writes an entry per element and for all four, the pinned loader URL, the typings and the manifest', async () => {
    mkdirSync(path.join(widgets, '9.8.7'));
    writeFileSync(path.join(widgets, '9.8.7', 'zp-widgets.js'), '// pinned');
    assembleElementsPackage({ widgetsDir: widgets, packageDir: pkg });
    const dist = path.join(pkg, 'dist');
    expect(readFileSync(path.join(dist, 'zp-task-board.js'), 'utf8')).toContain("import './assets/zp-task-board-AbC123.js';");
    const index = readFileSync(path.join(dist, 'index.js'), 'utf8');
    for (const tag of tags) expect(index).toContain(`import './${tag}.js';`);
    expect(existsSync(path.join(dist, 'assets', 'zp-runtime-XyZ789.js'))).toBe(true);
    expect(existsSync(path.join(dist, 'assets', 'zp-runtime-XyZ789.js.br'))).toBe(false);

    const loader = (await import(pathToFileURL(path.join(dist, 'loader.js')).href)) as { version: string; tags: string[]; loaderUrl(origin: string, o?: { elements?: string[] }): string };
    expect(loader.version).toBe('9.8.7');
    expect(loader.tags).toEqual(tags);
    expect(loader.loaderUrl('https://zhipi.example.edu/')).toBe('https://zhipi.example.edu/teaching/widgets/9.8.7/zp-widgets.js');
    expect(loader.loaderUrl('https://x.edu/zhipi', { elements: ['zp-task-board'] })).toBe('https://x.edu/zhipi/teaching/widgets/9.8.7/zp-widgets.js?elements=zp-task-board');

    const types = readFileSync(path.join(dist, 'index.d.ts'), 'utf8');
    expect(types).toContain("'zp-growth-profile': ZpGrowthProfileElement;");
    expect(types).toContain("mode?: 'simple' | 'full' | null;");
    expect(types).toContain('export declare function loaderUrl(');
    expect(readFileSync(path.join(dist, 'react.d.ts'), 'utf8')).toContain("from './index.js'");
    expect(readFileSync(path.join(dist, 'vue.d.ts'), 'utf8')).toContain("DefineComponent<Omit<HTMLAttributes, 'lang'> & ZpTaskBoardProps");
    const manifest = JSON.parse(readFileSync(path.join(dist, 'custom-elements.json'), 'utf8')) as { modules: { path: string; exports: { name: string }[] }[] };
    expect(manifest.modules[0]!.path).toBe('dist/index.js');
    expect(manifest.modules[0]!.exports.map((e) => e.name).sort()).toEqual([...tags].sort());
  });
});
