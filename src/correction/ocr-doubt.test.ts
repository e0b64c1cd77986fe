// A character the OCR read with doubt is shown as doubt, never judged: no 错别字 note, no penalty.
// The OCR here is a test double that returns a fixed page (the gate sits between the OCR's confidence
// and the notes, whichever provider reads); real OCR is exercised in ocr/handwriting-photo.test.ts.
import { describe, expect, it } from 'vitest';
import { correctEssay } from './correct-essay.js';
import { correctText } from './correct-text.js';
import type { OcrChar, OcrPage, OcrProvider } from './ocr.js';
import { DOUBT_CONFIDENCE, isDoubtful, transcriptDoubts, withoutDoubt } from './ocr-doubt.js';

const TITLE = '难忘的一天';
// 以经 for 已经: a slip the checker always catches (common-misspellings.tsv)
const BODY = '今天放学以后，我以经把作业写完了，妈妈夸我做事认真，我心里很高兴。晚上我们一家人在院子里看月亮，爸爸给我讲了很多有趣的故事，我听得入了迷。';

function pageOf(lines: string[], doubt: { line: number; index: number; alternatives: Array<{ text: string; confidence: number }> } | undefined): OcrPage {
  return {
    width: 1240,
    height: 1754,
    confidence: 0.95,
    lines: lines.map((text, li) => {
      const chars: OcrChar[] = [...text].map((c, i) => ({ text: c, box: { x: 80 + i * 54, y: 150 + li * 70, width: 54, height: 54 }, confidence: 0.97 }));
      if (doubt && doubt.line === li) chars[doubt.index] = { ...chars[doubt.index]!, confidence: 0.42, alternatives: doubt.alternatives };
      return { text, box: { x: 80, y: 150 + li * 70, width: text.length * 54, height: 54 }, confidence: 0.95, chars, ...(li === 0 ? { isTitle: true } : {}) };
    }),
  };
}

class FixedOcr implements OcrProvider {
  readonly name = 'fixed-test-page';
  constructor(private readonly page: OcrPage) {}
  recognize(): Promise<OcrPage> {
    return Promise.resolve(this.page);
  }
}

const blankPng = async (): Promise<Uint8Array> => {
  const sharp = (await import('sharp')).default;
  return sharp({ create: { width: 1240, height: 1754, channels: 3, background: '#ffffff' } })
    .composite([{ input: Buffer.from('<svg width="1240" height="1754"><rect x="100" y="150" width="1000" height="900" fill="none" stroke="#222" stroke-width="3"/><text x="200" y="400" font-size="60">作文 essay</text></svg>'), left: 0, top: 0 }])
    .png()
    .toBuffer();
};

describe('OCR doubt never becomes a 错别字', { timeout: 60_000 }, () => {
  it('marks low confidence and strong runner-up readings as doubt', () => {
    expect(isDoubtful({ confidence: DOUBT_CONFIDENCE - 0.01 })).toBe(true);
    expect(isDoubtful({ confidence: 0.99 })).toBe(false);
    expect(isDoubtful({ confidence: 0.9, alternatives: [{ text: '石', confidence: 0.3 }] })).toBe(true);
    expect(withoutDoubt([{ start: 3, end: 5 }, { start: 8, end: 9 }], [4])).toEqual([{ start: 8, end: 9 }]);
  });

  it('correctText: the same slip is a note when read with confidence and none when in doubt', async () => {
    const transcript = `${TITLE}\n${BODY}`;
    const at = transcript.indexOf('以经');
    const sure = await correctText({ transcript, title: TITLE, grade: 5 });
    expect(sure.notes.some((n) => n.kind === 'wrongChar' && n.start <= at && n.end > at)).toBe(true);
    expect(sure.analysis.wrongChars.length).toBe(1);
    const doubted = await correctText({ transcript, title: TITLE, grade: 5, doubtful: [at] });
    expect(doubted.notes.filter((n) => n.kind === 'wrongChar')).toEqual([]);
    // no penalty either: the analysis the score reads has no wrong character
    expect(doubted.analysis.wrongChars).toEqual([]);
  });

  it('correctEssay: a low-confidence character yields no 错别字 note and is listed with its alternatives', async () => {
    const image = await blankPng();
    const lines = [TITLE, BODY.slice(0, 20), BODY.slice(20)];
    const index = BODY.indexOf('以经');
    const sure = await correctEssay({ images: [image], title: TITLE, grade: 5 }, { ocr: new FixedOcr(pageOf(lines, undefined)) });
    expect(sure.notes.filter((n) => n.kind === 'wrongChar').map((n) => n.excerpt)).toEqual(['以']);
    expect(sure.doubts).toEqual([]);

    const doubted = await correctEssay({ images: [image], title: TITLE, grade: 5 }, { ocr: new FixedOcr(pageOf(lines, { line: 1, index, alternatives: [{ text: '已', confidence: 0.31 }, { text: '似', confidence: 0.05 }] })) });
    expect(doubted.notes.filter((n) => n.kind === 'wrongChar')).toEqual([]);
    expect(doubted.analysis.wrongChars).toEqual([]);
    const d = doubted.doubts.find((x) => x.text === '以');
    expect(d).toBeDefined();
    expect(doubted.transcript.slice(d!.start, d!.end)).toBe('以');
    expect(d!.alternatives[0]).toEqual({ text: '已', confidence: 0.31 });
    // the characters keep confidence and alternatives on the stored page lines too
    expect(doubted.pages[0]!.lines[1]!.chars[index]!.alternatives?.[0]?.text).toBe('已');
  });

  it('transcriptDoubts lists Han characters only', () => {
    const chars = [
      { offset: 0, page: 0, line: 0, box: { x: 0, y: 0, width: 1, height: 1 }, confidence: 0.3, text: '，' },
      { offset: 1, page: 0, line: 0, box: { x: 0, y: 0, width: 1, height: 1 }, confidence: 0.3, text: '石' },
    ];
    expect(transcriptDoubts(chars).map((d) => d.text)).toEqual(['石']);
  });
});
