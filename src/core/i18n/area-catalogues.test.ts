import { describe, expect, it } from 'vitest';

// zh.ts spreads the area catalogues into one object, where a key defined by two areas silently takes
// the later one's text (a UI heading once showed a server sentence this way).
const areas = import.meta.glob<Record<string, Record<string, string>>>('./zh-*.ts', { eager: true });

describe('area catalogues', () => {
  it('never define the same key twice', () => {
    const owner = new Map<string, string>();
    const clashes: string[] = [];
    for (const [file, mod] of Object.entries(areas)) {
      for (const catalogue of Object.values(mod)) {
        if (typeof catalogue !== 'object' || catalogue === null) continue;
        for (const key of Object.keys(catalogue)) {
          const first = owner.get(key);
          if (first && first !== file) clashes.push(`${key}: ${first} and ${file}`);
          else owner.set(key, file);
        }
      }
    }
    expect(owner.size).toBeGreaterThan(500);
    expect(clashes).toEqual([]);
  });
});
