// Closing marks that wrap onto the next grid row. When a sentence fills its row, the 。 (or ？” / ！”)
// is written in the first cell of the next row, often alone there. Read alone, such a mark came back
// with low confidence or not at all and the row was dropped, so the paragraph lost its last mark and
// the analysis wrote a false 段末缺少句末标点. The OCR now reads such a row after the previous row's
// last cells and keeps the marks, on the line that continues the paragraph.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { correctEssay, type EssayCorrection } from '../correct-essay.js';
import { loadPaddleModels } from './paddle.js';
import { kaiFontMissing, renderEssayPage, type RenderedPage } from './render-page.js';

const missing = kaiFontMissing();
const MISSING_END = '段末缺少句末标点';

// Rows hold 18 characters after the two-cell indent, then 20 (render-page.ts layoutCells), so the
// mark at index 38 of a paragraph lands in the first cell of its third row.
const TITLE = '春游';
const PARAGRAPHS = [
  '那天，我们全班同学去城外的森林公园春游，大家在草地上唱歌、跳舞，玩得非常开心。', // 。 alone on its row
  '路过竹林时，小明停下脚步，指着远处那片山坡问老师：“那边的红花叫什么名字呀？”', // ” alone
  '老师说那是映山红，每到春天就会开满整个山坡。小明高兴地喊道：“我要把它画下来！”', // ！” alone
  '中午我们在湖边吃饭的时候，一群可爱的小鸟落在旁边的树枝上，叽叽喳喳地叫个不停。同学们都笑了起来，把面包屑撒给它们。', // 。 then text
  '傍晚回学校的路上，大家虽然都很累了，可还是有说有笑，讨论下一次春游要去哪里呢。', // 。 alone, last row written
];
const TAILS = ['。', '”', '！”', '。同学们都笑了起来，把面包屑撒给它们。', '。'];

const endsWithoutMark = (r: EssayCorrection): string[] => r.notes.filter((n) => n.message.includes(MISSING_END)).map((n) => n.excerpt);

describe.skipIf(!!missing)('closing marks wrapped to the next grid row', { timeout: 60_000 }, () => {
  const pages: Record<string, RenderedPage> = {};
  const results: Record<string, EssayCorrection> = {};

  beforeAll(async () => {
    await loadPaddleModels();
    const text = [TITLE, ...PARAGRAPHS].join('\n');
    pages.clean = await renderEssayPage(text);
    pages.photo = await renderEssayPage(text, { photo: true, noise: 15, rotate: 1.5, jpeg: true, seed: 4 });
    for (const [name, p] of Object.entries(pages)) results[name] = await correctEssay({ title: TITLE, grade: 5, images: [p.image] });
  }, 120_000);

  it('lays the marks out as the test means (first cell of the third row)', () => {
    for (const [i, p] of PARAGRAPHS.entries()) expect([...p].slice(38).join('')).toBe(TAILS[i]);
    expect(pages.clean!.text).toBe([TITLE, ...PARAGRAPHS].join('\n'));
  });

  it('keeps a mark alone in a row on the paragraph it ends (clean page: the exact text)', () => {
    const r = results.clean!;
    expect(r.transcript).toBe(pages.clean!.text);
    expect(endsWithoutMark(r)).toEqual([]);
    // the rows of marks only are lines that continue the paragraph, each mark in its own first-column cell
    const markRows = r.pages[0]!.lines.filter((l) => /^[。”！]+$/u.test(l.text));
    expect(markRows.map((l) => l.text)).toEqual(['。', '”', '！”', '。']);
    const firstCell = r.pages[0]!.lines[1]!.chars[0]!.box; // 那: the first written row starts at column 2
    for (const l of markRows) {
      expect(l.continues).toBe(true);
      expect(l.chars[0]!.box.x).toBeLessThan(firstCell.x - 54);
      expect(l.chars[0]!.box.width).toBeGreaterThan(40);
    }
  });

  it('does the same on a photo-like page (lighting, noise, tilt, JPEG)', () => {
    const r = results.photo!;
    const paras = r.transcript.split('\n');
    expect(paras).toHaveLength(PARAGRAPHS.length + 1);
    paras.slice(1).forEach((p, i) => expect(p.endsWith(PARAGRAPHS[i]!.slice(-2))).toBe(true));
    expect(endsWithoutMark(r)).toEqual([]);
  });
});

describe('the seeded demo essay of 王子涵 (01-red-pen, page 1)', { timeout: 60_000 }, () => {
  it('keeps the ” and the 。 written alone in the first cell of a row', async () => {
    const image = readFileSync(new URL('../../server/seed/demo-essays/01-red-pen-1.jpg', import.meta.url));
    const r = await correctEssay({ title: '我的老师', grade: 7, images: [image] });
    const paras = r.transcript.split('\n');
    expect(paras).toHaveLength(4);
    expect(paras[2]).toMatch(/只属于你的比喻？”$/u);
    expect(paras[3]).toMatch(/第二天交给了林老师。$/u);
    expect(endsWithoutMark(r)).toEqual([]);
  });
});
