import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { perCacheStyleEffects } from '../../vite.widgets.config';

const root = path.resolve(import.meta.dirname, '../..');
const installed = readFileSync(path.join(root, 'node_modules/@ant-design/cssinjs/es/hooks/useGlobalCache.js'), 'utf8');

// The widgets build's patch of antd's style registry (vite.widgets.config.ts): the "already injected in
// this microtask" map is kept per style cache, i.e. per element, so elements mounting together each
// get every style. e2e/widgets-state.spec.ts checks the effect in the browser.
describe('perCacheStyleEffects', () => {
  it('applies to the installed @ant-design/cssinjs and keys the effect map by cache', () => {
    const patched = perCacheStyleEffects(installed);
    expect(patched).not.toContain('const effectMap = new Map();');
    expect(patched).toContain('const effectMap = effectMapOf(globalCache);');
    // the function's every use of effectMap now reads the per-cache map declared inside it
    const body = patched.slice(patched.indexOf('export default function useGlobalCache'));
    expect(body.indexOf('const effectMap = effectMapOf(globalCache);')).toBeLessThan(body.indexOf('effectMap.has('));
  });

  it('fails the build loudly when the library changed shape', () => {
    expect(() => perCacheStyleEffects('export default function useGlobalCache() {}')).toThrow(/useGlobalCache changed/);
  });
});
