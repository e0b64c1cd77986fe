import { describe, expect, it } from 'vitest';
// The test checks the seeded demo essay itself (plain data, no server code), so it cannot drift from it.
// eslint-disable-next-line import-x/no-restricted-paths -- a test may read the seeded demo essays (plain data)
import { DEMO_ESSAYS } from '../../server/seed/demo-essays-data.js';
import { getLexicon } from '../lexicon.js';
import { findListMisspellings, getMisspellings, parseMisspellings } from './common-misspellings.js';
import { correctSpelling, ESSAY_SPELL_PARAMS, findWrongChars } from './spellcheck.js';

const fixesOf = (text: string) => findWrongChars(text, ESSAY_SPELL_PARAMS).map((f) => `${f.wrong}→${f.fix}`);

describe('common misspellings list', () => {
  it('catches every 错别字 of the seeded typo essay (刘雨桐) with the right fix, in essay mode', () => {
    const essay = DEMO_ESSAYS.find((e) => e.key === '04-english-teacher')!;
    const text = essay.paragraphs.join('\n');
    const found = findWrongChars(text, ESSAY_SPELL_PARAMS).map((f) => ({ at: text.slice(f.start - 1, f.end + 1), fix: `${f.wrong}→${f.fix}`, word: f.word }));
    expect(found).toEqual([
      { at: '的象月', fix: '象→像', word: '像' },
      { at: '张的说', fix: '的→得', word: '紧张得说不出' },
      { at: '胆的说', fix: '的→地', word: '大胆地说' },
      { at: '深的吸', fix: '的→地', word: '深深地吸' },
      { at: '心理暖', fix: '理→里', word: '心里' },
      { at: '再励，', fix: '励→厉', word: '再接再厉' },
      { at: '绩以经', fix: '以→已', word: '已经' },
      { at: '多到理', fix: '到→道', word: '道理' },
      { at: '我在也', fix: '在→再', word: '再也' },
      { at: '就象一', fix: '象→像', word: '就像' },
      { at: '辜付她', fix: '付→负', word: '辜负' },
    ]);
  }, 120_000); // the first call loads jieba's dictionary and builds the pinyin classes (busy machine)

  it.each([
    ['他好象生气了。', '他好像生气了。'],
    ['我们已经是好朋友了，我以经忘了那件事。', '我们已经是好朋友了，我已经忘了那件事。'],
    ['他的眼晴又大又亮。', '他的眼睛又大又亮。'],
    ['听了这番话，我心理很难过。', '听了这番话，我心里很难过。'],
    ['老师的话我一直记在心理。', '老师的话我一直记在心里。'],
    ['放学铃一响，我就迫不急待地跑出了教室。', '放学铃一响，我就迫不及待地跑出了教室。'],
    ['他一如继往地帮助同学。', '他一如既往地帮助同学。'],
    ['大家谈笑风声，十分热闹。', '大家谈笑风生，十分热闹。'],
    ['学习要按步就班。', '学习要按部就班。'],
    ['即然答应了，就要做到。', '既然答应了，就要做到。'],
    ['既使下雨，我们也要去。', '即使下雨，我们也要去。'],
    ['这部份内容很难。', '这部分内容很难。'],
    ['我们在那里渡过了一个快乐的暑假。', '我们在那里度过了一个快乐的暑假。'],
    ['妈妈的手象树皮一样粗糙。', '妈妈的手像树皮一样粗糙。'],
  ])('fixes %s', (wrong, right) => {
    expect(correctSpelling(wrong, ESSAY_SPELL_PARAMS)).toBe(right);
  });

  it.each([
    '她大学学的是心理学，现在是一名心理咨询师。',
    '青少年的心理健康越来越受到重视。',
    '比赛前要调整好心理状态。',
    '我心里很难过，一句话也说不出来。',
    '老师给我们讲了很多做人的道理。',
    '这句话说得很有道理。',
    '我们可以经常去图书馆看书。',
    '所以经过大家的努力，问题解决了。',
    '我终于得到理解了。',
    '他已经走了。',
    '我们已经完成了作业。',
    '现在也不晚，我们马上出发吧。',
    '他正在也许是在写作业。',
    '我想再也不会发生这样的事了。',
    '他长得像他爸爸。',
    '天空中的云像棉花糖一样。',
    '动物园里的大象一样憨厚可爱。',
    '他给我留下了深刻的印象，就像一位老朋友一样。',
    '这种现象一般出现在冬天。',
    '我们下了一盘象棋。',
    '和平鸽象征着和平。',
    '他的形象一直在我心中。',
    '我们坐船渡过了长江。',
    '在大家的帮助下，我们渡过了难关。',
    '即使遇到困难，也不要放弃。',
    '既然来了，就多待一会儿。',
    '这一部分内容很重要。',
    '他好像没听见。',
    '我们一起度过了难忘的童年。',
    '他的眼睛像星星一样明亮。',
  ])('leaves the correct sentence %s alone', (sentence) => {
    expect(findListMisspellings(sentence)).toEqual([]);
    expect(fixesOf(sentence)).toEqual([]);
  });

  it('reads a well-formed list: same-length pairs, correct forms (two characters or more) that jieba knows', () => {
    const entries = getMisspellings();
    expect(entries.length).toBeGreaterThan(100);
    const lex = getLexicon();
    // Phrases built from dictionary words rather than one word themselves.
    const phrases = new Set(['就像', '戴红领巾', '在学校', '在这里', '在那里', '戴着', '戴上']);
    for (const e of entries) {
      expect(e.wrong.length).toBe(e.right.length);
      if (e.right.length > 1 && !phrases.has(e.right)) expect(lex.freq.has(e.right), e.right).toBe(true);
    }
  });

  it('rejects malformed entries and unknown guards', () => {
    expect(() => parseMisspellings('以经\t已经经')).toThrow(/bad misspelling entry/);
    expect(() => parseMisspellings('以经\t已经\tnear=x')).toThrow(/unknown guard/);
    expect(parseMisspellings('# comment\n\n辜付\t辜负\n')).toEqual([{ wrong: '辜付', right: '辜负' }]);
  });

  it('can be switched off, leaving the word model alone', () => {
    expect(findWrongChars('我的成绩以经提高了不少。', { ...ESSAY_SPELL_PARAMS, commonList: 0 })).toEqual([]);
    expect(findWrongChars('我的成绩以经提高了不少。', ESSAY_SPELL_PARAMS)).toMatchObject([{ wrong: '以', fix: '已', source: 'list', start: 4, word: '已经' }]);
  });
});
