import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Catalogue, CatalogueSource } from './catalogue-store';

// The store is per page (module state): each test gets a fresh one.
let store: typeof import('./catalogue-store');
beforeEach(async () => {
  vi.resetModules();
  store = await import('./catalogue-store');
});

function source(subset: Record<'zh' | 'en', Catalogue>, whole?: Record<'zh' | 'en', Catalogue>) {
  const asked: string[] = [];
  const src: CatalogueSource = {
    load: async (lang) => (asked.push(lang), subset[lang]),
    complete: whole ? async (lang) => (asked.push(`${lang}:complete`), whole[lang]) : undefined,
  };
  return { src, asked };
}

describe('catalogue store', () => {
  it('fetches a language once, only when asked, and translates from it', async () => {
    const { src, asked } = source({ zh: { 'error.network': '网络中断', 'app.welcome': '欢迎您，{name}' }, en: { 'error.network': 'Network error' } });
    expect(store.catalogueReady('zh')).toBe(false);
    await Promise.all([store.loadCatalogue('zh', src), store.loadCatalogue('zh', src)]);
    expect(asked).toEqual(['zh']);
    expect(store.translate('zh', 'app.welcome', { name: '王老师' })).toBe('欢迎您，王老师');
    expect(store.catalogueReady('en')).toBe(false);
    await store.loadCatalogue('en', src);
    expect(asked).toEqual(['zh', 'en']);
    expect(store.translate('en', 'error.network')).toBe('Network error');
  });

  it('tells subscribers when texts arrive', async () => {
    const { src } = source({ zh: { 'error.network': '网络中断' }, en: {} });
    const seen: number[] = [];
    const stop = store.subscribeCatalogues(() => seen.push(store.catalogueVersion()));
    await store.loadCatalogue('zh', src);
    stop();
    await store.loadCatalogue('en', src);
    expect(seen).toEqual([1]);
  });

  it('a key the subset lacks: the Chinese text meanwhile, a warning, then the whole language once', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { src, asked } = source({ zh: { 'tabs.noLeft': '左侧没有标签' }, en: {} }, { zh: {}, en: { 'tabs.noLeft': 'There is no tab on the left' } });
    await store.loadCatalogue('zh', src);
    await store.loadCatalogue('en', src);
    expect(store.translate('en', 'tabs.noLeft')).toBe('左侧没有标签');
    expect(store.translate('en', 'tabs.noLeft')).toBe('左侧没有标签');
    await vi.waitFor(() => expect(store.translate('en', 'tabs.noLeft')).toBe('There is no tab on the left'));
    expect(asked).toEqual(['zh', 'en', 'en:complete']);
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });

  it('may try again after a failed fetch', async () => {
    let fail = true;
    const src: CatalogueSource = { load: async () => (fail ? Promise.reject(new Error('offline')) : { 'error.network': '网络中断' }) };
    await expect(store.loadCatalogue('zh', src)).rejects.toThrow('offline');
    fail = false;
    await store.loadCatalogue('zh', src);
    expect(store.translate('zh', 'error.network')).toBe('网络中断');
  });
});
