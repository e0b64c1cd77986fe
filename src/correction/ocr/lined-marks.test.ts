// Marks that end a paragraph on lined and blank paper. When a sentence fills its line, its 。 (or ？”)
// is written at the start of the next line, often alone there. Cropped to its own width a lone 。 read
// as 0 (≈ 0.5) or not at all and the line was dropped; on blank paper the text detector found no line
// there at all; and a mark that ends a short line ("6。") was often not read, the recogniser dropping a
// final mark with no blank after it. Each gave a false 段末缺少句末标点. Such a line is now read after
// the previous line's last characters, as written, and strips get a blank after their last character.
import { beforeAll, describe, expect, it } from 'vitest';
import { correctEssay, type EssayCorrection } from '../correct-essay.js';
import { loadPaddleModels } from './paddle.js';
import { kaiFontMissing, renderEssayPage, type RenderedPage, type RenderOptions } from './render-page.js';

const missing = kaiFontMissing();
const MISSING_END = '段末缺少句末标点';

// A line holds 26 characters, the first line of a paragraph 24 after its indent (render-page.ts), so
// characters from index 50 on are on the paragraph's third line.
const TITLE = '捐书';
const PARAGRAPHS = [
  '星期一早上，班主任走进教室，告诉我们学校要给山区的小朋友捐书，大家听了以后都很激动，纷纷举手说要参加。', // 。 alone
  '小明第一个站起来问老师：“我家里有很多故事书，都是我小时候经常翻看的，可以全部都捐给山里的小朋友们吗？”', // ？” alone
  '中午我回到家，把书架上的书一本一本拿下来仔细挑选，最后选出了二十本最好看的书，小心地装进了一个纸箱里了。', // 了。
  '第二天老师数了好几遍，告诉大家我们班一共捐了十二箱书，捐得最多的是住在幸福路的小红，她家的门牌号是16。', // 6。 (a digit stays a digit)
  '放学时同学们把书装上车，看着车子开远，我心里想：山里的孩子收到书的时候一定会很开心吧。',
];
const TAILS = ['。', '？”', '了。', '6。', ''];

const endsWithoutMark = (r: EssayCorrection): string[] => r.notes.filter((n) => n.message.includes(MISSING_END)).map((n) => n.excerpt);

const PAGES: Record<string, RenderOptions> = {
  'lined clean': { paper: 'lined' },
  'lined photo': { paper: 'lined', photo: true, noise: 15, rotate: 1.5, jpeg: true, seed: 4 },
  'blank clean': { paper: 'plain' },
  'blank photo': { paper: 'plain', photo: true, noise: 15, rotate: 1.5, jpeg: true, seed: 4 },
};

describe.skipIf(!!missing)('paragraph-end marks on lined and blank paper', { timeout: 60_000 }, () => {
  const pages: Record<string, RenderedPage> = {};
  const results: Record<string, EssayCorrection> = {};

  beforeAll(async () => {
    await loadPaddleModels();
    const text = [TITLE, ...PARAGRAPHS].join('\n');
    for (const [name, o] of Object.entries(PAGES)) {
      pages[name] = await renderEssayPage(text, o);
      results[name] = await correctEssay({ title: TITLE, grade: 5, images: [pages[name].image] });
    }
  }, 180_000);

  it('lays the marks out as the test means (alone or after one character on the third line)', () => {
    for (const [i, p] of PARAGRAPHS.entries()) expect([...p].slice(50).join('')).toBe(TAILS[i]);
    expect(pages['lined clean']!.text).toBe([TITLE, ...PARAGRAPHS].join('\n'));
  });

  it('reads the clean lined page exactly; the wrapped ends are lines that continue their paragraph', () => {
    const r = results['lined clean']!;
    expect(r.transcript).toBe(pages['lined clean']!.text);
    expect(endsWithoutMark(r)).toEqual([]);
    const lines = r.pages[0]!.lines;
    const ends = lines.filter((l) => l.chars.length <= 2);
    expect(ends.map((l) => l.text)).toEqual(['捐书', '。', '？”', '了。', '6。']);
    // the lone 。: at the left margin, under the full line it ends, not a digit
    const full = lines[2]!;
    const mark = ends[1]!;
    expect(mark.continues).toBe(true);
    expect(mark.chars[0]!.box.x).toBeLessThan(full.chars[1]!.box.x);
    expect(mark.box.y).toBeGreaterThan(full.box.y + full.box.height / 2);
  });

  for (const name of ['lined photo', 'blank clean', 'blank photo']) {
    it(`keeps every paragraph's last mark on the ${name} page`, () => {
      const r = results[name]!;
      const paras = r.transcript.split('\n');
      expect(paras).toHaveLength(PARAGRAPHS.length + 1);
      paras.slice(1).forEach((p, i) => expect(p.slice(-4)).toBe(PARAGRAPHS[i]!.slice(-4)));
      expect(endsWithoutMark(r)).toEqual([]);
    });
  }
});
