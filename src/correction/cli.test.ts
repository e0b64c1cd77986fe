import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { kaiFontMissing, renderEssayPage } from './ocr/render-page.js';
import { NORMAL_ESSAY } from './test-fixtures.js';

const BIN = new URL('../../bin/zhipi.js', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'zhipi-cli-'));

describe('zhipi CLI', () => {
  it('spellcheck prints one corrected line per input line', () => {
    const f = join(dir, 's.txt');
    writeFileSync(f, '所以对其的态度也完全不一至。\n\n今天天气很好。\n');
    const out = execFileSync('node', [BIN, 'spellcheck', f], { encoding: 'utf8' });
    expect(out).toBe('所以对其的态度也完全不一致。\n\n今天天气很好。\n');
  }, 150_000);

  it('correct --json prints an array with one result per file', () => {
    const f = join(dir, 'e.txt');
    writeFileSync(f, NORMAL_ESSAY);
    const out = execFileSync('node', [BIN, 'correct', f, f, '--grade', '4', '--score-type', '2', '--dimensions', '立意,内容,结构,语言', '--requirements', '1. 写一次活动;2. 不少于300字', '--json'], { encoding: 'utf8' });
    const arr = JSON.parse(out);
    expect(arr).toHaveLength(2);
    expect(arr[0]).toMatchObject({ file: f, status: 'scored', title: '难忘的一次运动会' });
    expect(arr[0].analysis.relevance.requirements).toHaveLength(2);
    const pdf = spawnSync('node', [BIN, 'correct', join(dir, 'page.pdf')], { encoding: 'utf8' });
    expect(pdf.status).not.toBe(0);
    expect(pdf.stderr).toMatch(/PDF is not supported/);
  }, 150_000);

  it.skipIf(!!kaiFontMissing())('correct reads an essay image with OCR and reports the OCR confidence', async () => {
    const page = await renderEssayPage(NORMAL_ESSAY, { noise: 10 });
    const f = join(dir, 'page.png');
    writeFileSync(f, page.image);
    const out = execFileSync('node', [BIN, 'correct', f, '--grade', '5', '--json'], { encoding: 'utf8' });
    const [r] = JSON.parse(out) as Array<{ file: string; status: string; title: string; transcript: string; ocr: { provider: string; confidence: number }; pages: Array<{ confidence: number; layout: string }> }>;
    expect(r).toMatchObject({ file: f, status: 'scored', title: '难忘的一次运动会' });
    expect(r!.ocr.provider).toMatch(/paddleocr/);
    expect(r!.ocr.confidence).toBeGreaterThan(0.9);
    expect(r!.pages[0]).toMatchObject({ layout: 'grid' });
    expect(r!.transcript).toContain('发令枪一响');
  }, 150_000);
});
