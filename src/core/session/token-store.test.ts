import { describe, expect, it } from 'vitest';
import { TOKEN_TTL_MS } from '../constants';
import { MemoryStorage, TokenStore } from './token-store';

const KEY = 'pro__Access-Token';

function setup(start = 1_700_000_000_000) {
  let now = start;
  const storage = new MemoryStorage();
  const store = new TokenStore(storage, () => now);
  return { storage, store, advance: (ms: number) => (now += ms) };
}

describe('TokenStore', () => {
  it('returns null when nothing is stored', () => {
    expect(setup().store.get()).toBeNull();
  });

  it('stores the token under the pro__ namespace with a 7-day expiry', () => {
    const { storage, store } = setup(1000);
    store.set('abc');
    expect(JSON.parse(storage.getItem(KEY)!)).toEqual({ value: 'abc', expire: 1000 + 604_800_000 });
    expect(TOKEN_TTL_MS).toBe(7 * 24 * 60 * 60 * 1000);
  });

  it('reads the token back until just before 7 days have passed', () => {
    const { store, advance } = setup();
    store.set('abc');
    advance(TOKEN_TTL_MS - 1);
    expect(store.get()).toBe('abc');
  });

  it('removes the token and returns null once 7 days have passed', () => {
    const { storage, store, advance } = setup();
    store.set('abc');
    storage.setItem('other', 'kept');
    advance(TOKEN_TTL_MS);
    expect(store.get()).toBeNull();
    expect(storage.getItem(KEY)).toBeNull();
    expect(storage.getItem('other')).toBe('kept');
  });

  it.each([
    ['not JSON', '{oops'],
    ['JSON null', 'null'],
    ['a bare string', '"abc"'],
    ['a non-string value', JSON.stringify({ value: 42, expire: Number.MAX_SAFE_INTEGER })],
    ['no expiry', JSON.stringify({ value: 'abc' })],
    ['a non-numeric expiry', JSON.stringify({ value: 'abc', expire: 'later' })],
  ])('removes a corrupt value (%s) and returns null', (_label, raw) => {
    const { storage, store } = setup();
    storage.setItem(KEY, raw);
    expect(store.get()).toBeNull();
    expect(storage.getItem(KEY)).toBeNull();
  });

  it('clearAll clears the whole storage, not only the token', () => {
    const { storage, store } = setup();
    store.set('abc');
    storage.setItem('pro__Lang', 'en');
    storage.setItem('elsewhere', '1');
    store.clearAll();
    expect(store.get()).toBeNull();
    expect(storage.getItem('pro__Lang')).toBeNull();
    expect(storage.getItem('elsewhere')).toBeNull();
  });
});
