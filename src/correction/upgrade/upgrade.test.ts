import { describe, expect, it } from 'vitest';
// eslint-disable-next-line import-x/no-restricted-paths -- a test may read the seeded demo essays (plain data)
import { DEMO_ESSAYS } from '../../server/seed/demo-essays-data';
import { splitSentences } from '../text/split';
import { localUpgrades } from './local-upgrades';
import { parseModelUpgrades } from './model-upgrades';
import { getUpgradeResources } from './resources';
import { cleanRewrite } from './rewrite-checks';

const essay = (key: string) => DEMO_ESSAYS.find((e) => e.key.startsWith(key))!;
const WORN = getUpgradeResources().similes.flatMap((e) => e.worn);

describe('升格 suggestions from the local lists', () => {
  it('replaces essay 01’s worn 夕阳像一个大红球 with fresher images that keep 夕阳', () => {
    const sentence = splitSentences(essay('01').paragraphs.join('\n')).find((s) => s.text.includes('大红球'))!.text;
    const ups = localUpgrades(sentence, 'zh');
    expect(ups).toHaveLength(3);
    for (const u of ups) {
      expect(u.text).toContain('夕阳');
      expect(u.text).not.toContain('大红球');
      expect(u.kinds).toContain('simile');
      expect(u.note).toContain('大红球');
    }
    expect(new Set(ups.map((u) => u.text)).size).toBe(3);
  });

  it('makes generic words precise on word boundaries and keeps the rest of the sentence', () => {
    const [u] = localUpgrades('王老师上课很严格。', 'zh');
    expect(u!.text).toBe('王老师上课一丝不苟。');
    // 看 inside 看见 is not the generic 看
    expect(localUpgrades('我看见了远处的山。', 'zh').every((x) => x.text.includes('看见'))).toBe(true);
  });

  it('adds a sensory detail to a plain sentence and leaves dialogue alone', () => {
    const [u] = localUpgrades('还有一次下大雨。', 'zh');
    expect(u!.kinds).toEqual(['detail']);
    expect(u!.text.startsWith('还有一次下大雨，')).toBe(true);
    expect(localUpgrades('他说：“下大雨了。”', 'zh').some((x) => x.kinds.includes('detail'))).toBe(false);
  });

  it('never shows internal words or symbols, and every rewrite differs from the selection, on every demo sentence', () => {
    let offered = 0;
    for (const e of DEMO_ESSAYS) {
      for (const s of splitSentences(e.paragraphs.join('\n'))) {
        for (const u of localUpgrades(s.text, 'zh')) {
          offered++;
          expect(cleanRewrite(u.text, s.text), u.text).toBe(true);
          expect(u.text).not.toBe(s.text);
          expect(WORN.some((w) => u.text.includes(`像${w}`) && !s.text.includes(`像${w}`))).toBe(false);
        }
        expect(localUpgrades(s.text, 'zh').length).toBeLessThanOrEqual(3);
      }
    }
    expect(offered).toBeGreaterThan(30);
  });

  it('writes the notes in English for an English school', () => {
    const [u] = localUpgrades('夕阳像一个大红球。', 'en');
    expect(u!.note).toMatch(/worn-out/);
  });
});

describe('the model’s rewrites pass the same checks', () => {
  it('drops markup, placeholders and rewrites about something else', () => {
    const sel = '夕阳像一个大红球。';
    const ups = parseModelUpgrades({ rewrites: [
      { text: '夕阳像一枚咸蛋黄，慢慢沉进楼群。', note: '比喻更新鲜' },
      { text: '{rewrite}', note: 'x' },
      { text: '今天我们去公园玩了一整天，非常开心。', note: '离题' },
      { text: '夕阳像 <b>火</b>。', note: '标记' },
    ] }, sel);
    expect(ups.map((u) => u.text)).toEqual(['夕阳像一枚咸蛋黄，慢慢沉进楼群。']);
    expect(ups[0]!.source).toBe('model');
  });
});
