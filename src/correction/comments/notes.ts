// Sentence-level notes tied to transcript offsets [start, end): good sentences and why, wrong
// characters with their fix, punctuation misuse, long-winded sentences.
import { ACTION_CHAIN_CUE, type TextAnalysis } from '../text/analyze.js';
import { praisableGoodSentences } from './evidence.js';
import { wrongCharPhrase } from './wrong-char-phrase.js';
import type { PunctuationKind } from '../text/punctuation.js';
import type { RhetoricKind } from '../text/rhetoric.js';

export type NoteKind = 'goodSentence' | 'wrongChar' | 'punctuation' | 'longSentence';

export interface Note {
  kind: NoteKind;
  start: number;
  end: number;
  /** the transcript text in [start, end) */
  excerpt: string;
  message: string;
  /** replacement text for [start, end), when there is one */
  fix?: string;
}

type Lang = 'zh' | 'en';

export const RHETORIC_NAMES: Record<RhetoricKind, Record<Lang, string>> = {
  simile: { zh: '比喻', en: 'simile' },
  personification: { zh: '拟人', en: 'personification' },
  parallelism: { zh: '排比', en: 'parallelism' },
  question: { zh: '设问', en: 'a question answered by the writer (设问)' },
  rhetoricalQuestion: { zh: '反问', en: 'a rhetorical question (反问)' },
};

export const PUNCT_MSG: Record<PunctuationKind, Record<Lang, string>> = {
  halfWidth: { zh: '中文里应使用全角标点', en: 'use a full-width Chinese mark here' },
  repeated: { zh: '标点重复使用', en: 'the mark is repeated' },
  ellipsis: { zh: '省略号应写作“……”（六个点）', en: 'an ellipsis is written “……” (six dots)' },
  unbalancedQuote: { zh: '引号不成对', en: 'quotation marks do not pair up' },
  leadingMark: { zh: '段首不应出现标点', en: 'a paragraph should not open with a punctuation mark' },
  missingEnd: { zh: '段末缺少句末标点', en: 'the paragraph ends without a closing mark' },
  commaSplice: { zh: '一逗到底，应在意思完整处用句号断开', en: 'one comma after another: end the sentence where the thought is complete' },
  speechColon: { zh: '提示语在前时，引号前应加冒号', en: 'put a colon before quoted speech that follows 说/问' },
};

function reasonText(a: TextAnalysis, cues: string[], reasons: string[], lang: Lang): string {
  const parts: string[] = [];
  const rh = cues.filter((c): c is RhetoricKind => c in RHETORIC_NAMES);
  const words = cues.filter((c) => !(c in RHETORIC_NAMES) && c !== ACTION_CHAIN_CUE);
  if (rh.length) parts.push(lang === 'zh' ? `运用了${[...new Set(rh.map((k) => RHETORIC_NAMES[k].zh))].join('、')}` : `uses ${[...new Set(rh.map((k) => RHETORIC_NAMES[k].en))].join(' and ')}`);
  if (words.length) {
    const q = words.slice(0, 3).map((w) => `“${w}”`).join(lang === 'zh' ? '、' : ', ');
    parts.push(
      lang === 'zh'
        ? reasons.includes('description') && !reasons.includes('idiom')
          ? `${q}等描写具体生动`
          : `${q}等词语用得准确生动`
        : `the words ${q} are precise and vivid`,
    );
  }
  // Nothing to quote but a chain of actions: say so in words instead of quoting one of its verbs.
  if (!parts.length && cues.includes(ACTION_CHAIN_CUE)) parts.push(lang === 'zh' ? '一连串动作写得连贯具体' : 'a chain of actions told clearly and concretely');
  void a;
  return lang === 'zh' ? `好句：${parts.join('，')}。` : `Good sentence: ${parts.join('; ')}.`;
}

export function buildNotes(a: TextAnalysis, text: string, lang: Lang): Note[] {
  const notes: Note[] = [];
  const ex = (s: number, e: number) => text.slice(s, e);
  // Only sentences a comment may praise: never a quoted image the essay rejects, never a doubtful reading.
  for (const g of praisableGoodSentences(a)) {
    notes.push({ kind: 'goodSentence', start: g.start, end: g.end, excerpt: ex(g.start, g.end), message: reasonText(a, g.cues, g.reasons, lang) });
  }
  for (const w of a.wrongChars) {
    notes.push({
      kind: 'wrongChar',
      start: w.start,
      end: w.end,
      excerpt: w.wrong,
      fix: w.fix,
      message: lang === 'zh' ? `错别字：${wrongCharPhrase(w, lang)}。` : `Wrong character: ${wrongCharPhrase(w, lang)}.`,
    });
  }
  for (const p of a.punctuation) {
    notes.push({
      kind: 'punctuation',
      start: p.start,
      end: p.end,
      excerpt: ex(p.start, p.end),
      ...(p.fix ? { fix: p.fix } : {}),
      message: (lang === 'zh' ? '标点：' : 'Punctuation: ') + PUNCT_MSG[p.kind][lang] + (p.fix ? (lang === 'zh' ? `，改为“${p.fix}”。` : `; write “${p.fix}”.`) : lang === 'zh' ? '。' : '.'),
    });
  }
  for (const i of a.sentenceStats.long) {
    const s = a.sentences[i];
    if (!s) continue;
    const commas = (s.text.match(/，/g) ?? []).length;
    notes.push({
      kind: 'longSentence',
      start: s.start,
      end: s.end,
      excerpt: s.text,
      message:
        lang === 'zh'
          ? `长句：${commas >= 4 ? '逗号一个接一个，' : ''}读来冗长，可在意思完整处用句号断开，拆成两三句。`
          : `Long-winded: ${commas >= 4 ? 'one comma after another; ' : ''}end the sentence where a thought is complete and make two or three of it.`,
    });
  }
  return notes.sort((x, y) => x.start - y.start || x.kind.localeCompare(y.kind));
}
