// One comment per paragraph, from what the paragraph holds: its role (opening, body, ending), its
// length, devices, dialogue, description and errors. The paragraph's first words are quoted, so the
// comment is visibly about that paragraph. No counts, no single set phrase praised ("认真听讲"用得恰当),
// and an ending that stops mid-sentence is never said to close on the topic.
import type { TextAnalysis } from '../text/analyze.js';
import { endingCutOff } from '../text/ending.js';
import { ownRhetoric, paragraphHead } from './evidence.js';
import { RHETORIC_NAMES } from './notes.js';
import { wrongCharPhrase } from './wrong-char-phrase.js';

export interface ParagraphComment {
  paragraph: number;
  start: number;
  end: number;
  text: string;
}

type Lang = 'zh' | 'en';

export function paragraphComments(a: TextAnalysis, lang: Lang): ParagraphComment[] {
  const kws = a.relevance.titleKeywords.map((k) => k.keyword);
  const last = a.paragraphs.length - 1;
  const drift = a.relevance.drift?.drifted ? a.relevance.drift : undefined;
  const cutOff = endingCutOff(a);
  const own = ownRhetoric(a);
  return a.paragraphs.map((p) => {
    const inP = <T extends { start: number }>(xs: T[]) => xs.filter((x) => x.start >= p.start && x.start < p.end);
    const head = paragraphHead(a, p);
    const role = p.index === 0 ? 'opening' : p.index === last ? 'ending' : 'body';
    const hasKw = kws.filter((k) => p.text.includes(k));
    const rh = [...new Set(own.filter((r) => r.start >= p.start && r.start < p.end).map((r) => r.kind))];
    const speech = inP(a.dialogue.quotes).filter((q) => q.speech).length;
    const desc = inP(a.dialogue.description).length;
    const wrong = inP(a.wrongChars);
    const good: string[] = [];
    const todo: string[] = [];
    const zh = lang === 'zh';
    if (role === 'opening' && hasKw.length) good.push(zh ? `开篇点题（“${hasKw[0]}”）` : `opens on the topic (“${hasKw[0]}”)`);
    if (role === 'ending' && hasKw.length && !cutOff) good.push(zh ? `结尾扣题，呼应“${hasKw[0]}”` : `closes back on “${hasKw[0]}”`);
    if (rh.length) good.push(zh ? `运用${rh.map((k) => RHETORIC_NAMES[k].zh).join('、')}` : `uses ${rh.map((k) => RHETORIC_NAMES[k].en).join(' and ')}`);
    if (speech) good.push(zh ? '人物语言使情节鲜活' : 'speech brings it to life');
    if (desc >= 3 && !speech) good.push(zh ? '细节描写较具体' : 'the details are concrete');
    if (wrong.length) todo.push(zh ? `有错别字：${wrong.map((w) => wrongCharPhrase(w, lang)).join('，')}` : `wrong characters: ${wrong.map((w) => wrongCharPhrase(w, lang)).join('; ')}`);
    if (role === 'ending' && cutOff) todo.push(zh ? `结尾停在“${[...p.text].slice(-8).join('')}”，没有写完` : `it stops at “${[...p.text].slice(-8).join('')}”, unfinished`);
    if (p.hanCount > 350) todo.push(zh ? '本段偏长，可按层次分段' : 'this paragraph is long; split it where the idea turns');
    if (role === 'body' && p.hanCount < 25 && a.paragraphs.length > 3) todo.push(zh ? '本段较短，可补充具体内容' : 'this paragraph is thin; add concrete content');
    if (drift && p.index >= drift.from && p.index <= drift.to) todo.push(zh ? `本段未涉及题目中的${drift.subject.map((w) => `“${w}”`).join('、')}` : `this paragraph never refers to ${drift.subject.map((w) => `“${w}”`).join(', ')} from the title`);
    if (role === 'opening' && !hasKw.length && kws.length) todo.push(zh ? '开头可更快引出题目中的中心' : 'the opening could lead to the title’s topic sooner');
    if (role === 'body' && !rh.length && !speech && desc < 2 && p.hanCount >= 60) todo.push(zh ? '叙述较平，可加入动作、神态或心理描写' : 'the telling is plain; add action, expression or inner thoughts');
    const roleName = zh ? { opening: '开头', body: '中间', ending: '结尾' }[role] : { opening: 'opening', body: 'body', ending: 'ending' }[role];
    const lead = zh ? `第${p.index + 1}段（${roleName}${head ? `，“${head}……”` : ''}）：` : `Paragraph ${p.index + 1} (${roleName}${head ? `, “${head}…”` : ''}): `;
    let body: string;
    if (zh) body = [good.length ? good.join('，') : '内容清楚', todo.length ? `；${todo.join('；')}` : ''].join('') + '。';
    else body = [good.length ? good.join('; ') : 'clear content', todo.length ? `; ${todo.join('; ')}` : ''].join('') + '.';
    return { paragraph: p.index, start: p.start, end: p.end, text: lead + body };
  });
}
