// One comment per paragraph, from what the paragraph holds: its role (opening, body, ending), its
// length, devices, dialogue, description and errors. The paragraph's first words are quoted, so the
// comment is visibly about that paragraph.
import type { TextAnalysis } from '../text/analyze.js';
import { RHETORIC_NAMES } from './notes.js';

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
  return a.paragraphs.map((p) => {
    const inP = <T extends { start: number }>(xs: T[]) => xs.filter((x) => x.start >= p.start && x.start < p.end);
    const head = [...p.text.replace(/^[“”"\s]+/, '')].slice(0, 8).join('');
    const role = p.index === 0 ? 'opening' : p.index === last ? 'ending' : 'body';
    const hasKw = kws.filter((k) => p.text.includes(k));
    const rh = [...new Set(a.rhetoric.filter((r) => r.start >= p.start && r.start < p.end).map((r) => r.kind))];
    const speech = inP(a.dialogue.quotes).filter((q) => q.speech).length;
    const desc = inP(a.dialogue.description).length;
    const wrong = inP(a.wrongChars);
    const idioms = inP(a.vocabulary.idioms).map((i) => i.word);
    const good: string[] = [];
    const todo: string[] = [];
    const zh = lang === 'zh';
    if (role === 'opening' && hasKw.length) good.push(zh ? `开篇点题（“${hasKw[0]}”）` : `opens on the topic (“${hasKw[0]}”)`);
    if (role === 'ending' && hasKw.length) good.push(zh ? `结尾扣题，呼应“${hasKw[0]}”` : `closes back on “${hasKw[0]}”`);
    if (rh.length) good.push(zh ? `运用${rh.map((k) => RHETORIC_NAMES[k].zh).join('、')}` : `uses ${rh.map((k) => RHETORIC_NAMES[k].en).join(' and ')}`);
    if (speech) good.push(zh ? `${speech}处人物语言使情节鲜活` : `${speech} line(s) of speech bring it to life`);
    if (idioms.length) good.push(zh ? `“${idioms[0]}”用得恰当` : `“${idioms[0]}” is well placed`);
    if (desc >= 3 && !speech) good.push(zh ? '细节描写较具体' : 'the details are concrete');
    if (wrong.length) todo.push(zh ? `有${wrong.length}处错别字（${wrong.map((w) => `${w.wrong}→${w.fix}`).join('，')}）` : `${wrong.length} wrong character(s) (${wrong.map((w) => `${w.wrong}→${w.fix}`).join(', ')})`);
    if (p.hanCount > 350) todo.push(zh ? `本段${p.hanCount}字，偏长，可按层次分段` : `${p.hanCount} characters is long; split it where the idea turns`);
    if (role === 'body' && p.hanCount < 25 && a.paragraphs.length > 3) todo.push(zh ? '本段较短，可补充具体内容' : 'this paragraph is thin; add concrete content');
    if (drift && p.index >= drift.from && p.index <= drift.to) todo.push(zh ? `本段未涉及题目中的${drift.subject.map((w) => `“${w}”`).join('、')}` : `this paragraph never refers to ${drift.subject.map((w) => `“${w}”`).join(', ')} from the title`);
    if (role === 'opening' && !hasKw.length && kws.length) todo.push(zh ? '开头可更快引出题目中的中心' : 'the opening could lead to the title’s topic sooner');
    if (role === 'body' && !rh.length && !speech && desc < 2 && p.hanCount >= 60) todo.push(zh ? '叙述较平，可加入动作、神态或心理描写' : 'the telling is plain; add action, expression or inner thoughts');
    const roleName = zh ? { opening: '开头', body: '中间', ending: '结尾' }[role] : { opening: 'opening', body: 'body', ending: 'ending' }[role];
    const lead = zh ? `第${p.index + 1}段（${roleName}，“${head}……”，${p.hanCount}字）：` : `Paragraph ${p.index + 1} (${roleName}, “${head}…”, ${p.hanCount} characters): `;
    let body: string;
    if (zh) body = [good.length ? good.join('，') : '内容清楚', todo.length ? `；${todo.join('；')}` : ''].join('') + '。';
    else body = [good.length ? good.join('; ') : 'clear content', todo.length ? `; ${todo.join('; ')}` : ''].join('') + '.';
    return { paragraph: p.index, start: p.start, end: p.end, text: lead + body };
  });
}
