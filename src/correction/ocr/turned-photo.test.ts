// A phone photo of a 作文 page: the sheet lies on a table, turned by 7°, with a printed header (姓名
// 学号) above the grid and the paper's "（20×20=400字）" under it. The sheet is found and warped upright
// before reading (page-quad.ts), so the grid is read cell by cell: the punctuation cells are kept, the
// header and footer stay out of the essay (the header's name and number are kept apart), and the
// 错别字 note lands on the cell of the original photo where the slip is written.
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { correctEssay, type EssayCorrection } from '../correct-essay.js';
import type { LocalOcrPage } from './paddle.js';
import { loadPaddleModels, PaddleOcrProvider } from './paddle.js';
import { kaiFontMissing, PAGE_H, PAGE_W, renderEssayPage } from './render-page.js';

const missing = kaiFontMissing();
const TITLE = '一次难忘的比赛';
// 以经 (for 已经) in the first paragraph: row 1, after the two-cell indent, at column 2 + its index
const P1 = '星期五下午，学校以经开始了拔河比赛。';
const P2 = '我们班的同学个个摩拳擦掌：有的搓手，有的跺脚，有的喊口号。';
const P3 = '裁判一声哨响，大家憋足了劲往后拉，绳子中间的红布条慢慢地向我们这边移动。';
const TURN = 7;
const CELL = 54;
const GRID_LEFT = (PAGE_W - 20 * CELL) / 2;
const GRID_TOP = 150;
const PUNCT = /[，。、：；！？“”]/gu;

/** page point -> photo point: sharp turns the page clockwise about its centre into a larger canvas, placed at (ox, oy) */
function toPhoto(x: number, y: number, w2: number, h2: number, ox: number, oy: number): [number, number] {
  const a = (TURN * Math.PI) / 180;
  const dx = x - PAGE_W / 2;
  const dy = y - PAGE_H / 2;
  return [ox + w2 / 2 + dx * Math.cos(a) - dy * Math.sin(a), oy + h2 / 2 + dx * Math.sin(a) + dy * Math.cos(a)];
}

describe.skipIf(!!missing)('a turned phone photo of a grid page', { timeout: 240_000 }, () => {
  let result: EssayCorrection;
  let page: LocalOcrPage;
  let slipCentre: [number, number];
  let reference: string;

  beforeAll(async () => {
    await loadPaddleModels();
    const rendered = await renderEssayPage([TITLE, P1, P2, P3].join('\n'), { noise: 6, seed: 5 });
    reference = rendered.text;
    const furniture = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${PAGE_W}" height="${PAGE_H}"><g font-family="AR PL UKai CN" fill="#333">` +
        `<text x="120" y="105" font-size="32">姓名：王小明\u3000\u3000学号：20260101</text>` +
        `<text x="${PAGE_W / 2 - 130}" y="${PAGE_H - 110}" font-size="28" fill="#3c8a4a">（20×20=400字）</text></g></svg>`,
    );
    const sheet = await sharp(rendered.image).composite([{ input: furniture, left: 0, top: 0 }]).png().toBuffer();
    const turned = await sharp(sheet).rotate(TURN, { background: { r: 92, g: 76, b: 60 } }).png().toBuffer({ resolveWithObject: true });
    const W = 1560;
    const H = 2080;
    const ox = Math.round((W - turned.info.width) / 2);
    const oy = Math.round((H - turned.info.height) / 2);
    const photo = await sharp({ create: { width: W, height: H, channels: 3, background: { r: 92, g: 76, b: 60 } } })
      .composite([{ input: turned.data, left: ox, top: oy }])
      .blur(0.7)
      .jpeg({ quality: 82 })
      .toBuffer();
    const col = 2 + [...P1].indexOf('以');
    slipCentre = toPhoto(GRID_LEFT + col * CELL + CELL / 2, GRID_TOP + 1 * (CELL + 16) + CELL / 2, turned.info.width, turned.info.height, ox, oy);
    page = await new PaddleOcrProvider().recognize(photo);
    result = await correctEssay({ images: [photo], title: TITLE, grade: 5 });
  }, 240_000);

  it('finds the sheet, straightens it and reads the grid', () => {
    expect(page.rectified).toBe(true);
    expect(page.layout).toBe('grid');
    expect(page.grid?.cols).toBe(20);
  });

  it('keeps the printed header and the word-count footer out of the essay, and the name and number apart', () => {
    expect(result.transcript).not.toMatch(/姓名|学号|400字|20×20/u);
    expect(page.header?.name).toBe('王小明');
    expect(page.header?.studentNo).toBe('20260101');
    // the essay ends where the pupil stopped, not on the paper's footer
    expect(result.transcript.trim().endsWith('移动。')).toBe(true);
  });

  it('keeps the punctuation cells (，、：。)', () => {
    const marks = (s: string): string => (s.match(PUNCT) ?? []).join('');
    expect(marks(result.transcript)).toBe(marks(reference));
  });

  it("puts the 错别字 note's box on the slip's cell of the photo", () => {
    const note = result.notes.find((n) => n.kind === 'wrongChar' && n.excerpt.includes('以'));
    expect(note).toBeDefined();
    const box = note!.boxes[0]!.box;
    const [x, y] = slipCentre;
    expect(x).toBeGreaterThan(box.x);
    expect(x).toBeLessThan(box.x + box.width);
    expect(y).toBeGreaterThan(box.y);
    expect(y).toBeLessThan(box.y + box.height);
    // one cell (turned), not a stretch of the row
    expect(box.width).toBeLessThan(CELL * 1.6);
  });
});
