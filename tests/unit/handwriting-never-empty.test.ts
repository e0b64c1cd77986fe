// No image of the handwriting development set that has ink reads as nothing: one of every kind (grid,
// lined and plain paper, clean and photographed; a line crop and a 45–80 px strip crop of each paper), in
// the hardest hand (the cursive Liu Jian Mao Cao), read by the local OCR (correctEssay keeps whatever it
// reads: line-crops.test.ts).
// The set is drawn by Chromium (bench/correction/handwriting-set.ts); the fonts are handwriting fonts,
// not pupils' handwriting.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeDevSet, type DevItem } from '../../bench/correction/handwriting-set';
import { buildTranscript } from '../../src/correction/ocr';
import { loadPaddleModels, PaddleOcrProvider } from '../../src/correction/ocr/paddle';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const HAN = /\p{Script=Han}/gu;

// (12 images: about 20 s on a quiet machine, 6–10 min at a load of 35 on 2 cores)
describe.skipIf(!existsSync(chromium))('the handwriting development set: nothing with ink reads as nothing', { timeout: 1_500_000 }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'zhipi-never-empty-'));
  let items: DevItem[] = [];
  beforeAll(async () => {
    await loadPaddleModels();
    // one page of each paper, clean and photographed, and three line and three strip crops (one per paper)
    items = await makeDevSet(dir, 1, 3, 29, { fonts: ['liu-jian-mao-cao'] });
  }, 300_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('covers every kind', () => {
    expect(new Set(items.map((i) => `${i.kind} ${i.paper}`)).size).toBe(12);
  });

  it('reads Chinese characters from every image', async () => {
    const empty: string[] = [];
    for (const it of items) {
      const page = await new PaddleOcrProvider().recognize(readFileSync(join(dir, it.file)));
      const read = (buildTranscript([page]).text.match(HAN) ?? []).length;
      const written = (it.text.match(HAN) ?? []).length;
      // something of the ink, at least a third as many characters as written (a cursive hand reads badly, never as nothing)
      if (read < Math.min(3, written) || read < written / 3) empty.push(`${it.file} (${it.kind}, ${it.paper}): ${read} of ${written}`);
    }
    expect(empty).toEqual([]);
  });
});
