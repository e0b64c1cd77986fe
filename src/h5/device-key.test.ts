import { describe, expect, it } from 'vitest';
import { deviceKey } from './device-key';

describe('H5 device key', () => {
  it('is made once, kept, and replaced when tampered with', () => {
    const store = new Map<string, string>();
    const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) };
    const a = deviceKey(storage);
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(deviceKey(storage)).toBe(a);
    store.set('zp-h5-device', 'x');
    expect(deviceKey(storage)).not.toBe('x');
  });
});
