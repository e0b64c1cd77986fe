import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { hashDistance, pageHash, SAME_PAGE_MAX_BITS } from './page-hash';

const DIR = path.resolve(import.meta.dirname, '../../server/seed/demo-essays');
const PAGES = readdirSync(DIR).filter((f) => f.endsWith('.jpg')).sort();

describe('page hash on the demo pages', () => {
  it('tells every two different demo pages apart, and finds a planted copy of each (rescaled, recompressed, darker)', async () => {
    const hashes = await Promise.all(PAGES.map(async (f) => pageHash(readFileSync(path.join(DIR, f)))));
    let closest = Infinity;
    for (let i = 0; i < hashes.length; i++) for (let j = i + 1; j < hashes.length; j++) closest = Math.min(closest, hashDistance(hashes[i]!, hashes[j]!));
    expect(closest).toBeGreaterThan(SAME_PAGE_MAX_BITS);
    for (const [i, f] of PAGES.entries()) {
      const buf = readFileSync(path.join(DIR, f));
      const { width } = await sharp(buf).metadata();
      const copies = [
        await sharp(buf).resize(Math.round(width! * 0.6)).jpeg({ quality: 60 }).toBuffer(),
        await sharp(buf).modulate({ brightness: 0.85 }).jpeg({ quality: 75 }).toBuffer(),
        await sharp(buf).png().toBuffer(),
      ];
      for (const c of copies) expect(hashDistance(hashes[i]!, await pageHash(c))).toBeLessThanOrEqual(SAME_PAGE_MAX_BITS);
    }
  }, 180_000);
});
