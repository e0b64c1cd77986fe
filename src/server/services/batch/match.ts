// Pure matching of a batch page to a student of the class roster: the answer-sheet QR payload, the OCR'd
// header of plain paper (student id of at most 4 digits, name with pinyin-aware similarity) and ZIP entry
// names. Nothing here touches the database or the images.
import { pinyin } from 'pinyin-pro';

export interface RosterStudent {
  id: number;
  name: string;
  studentNo: string;
}

export interface Candidate {
  studentId: number;
  name: string;
  studentNo: string;
  /** 0..1 */
  score: number;
}

export interface MatchOutcome {
  /** The student when the confidence reaches AUTO_ASSIGN_THRESHOLD, else undefined. */
  student?: RosterStudent;
  confidence: number;
  /** Best candidates, best first (at most 3). */
  candidates: Candidate[];
  /** What was read, for the teacher (e.g. "学号 12, 姓名 张伟"). */
  evidence: string;
}

/** A page is filed under a student automatically only at or above this confidence; else the teacher decides. */
export const AUTO_ASSIGN_THRESHOLD = 0.85;

/** QR payload printed on answer sheets: `ZP1:<taskId>:<studentId>:<page>`. */
export function sheetQrPayload(taskId: number, studentId: number, page: number): string {
  return `ZP1:${taskId}:${studentId}:${page}`;
}

export function parseSheetQr(text: string): { taskId: number; studentId: number; page: number } | undefined {
  const m = /^ZP1:(\d{1,9}):(\d{1,9}):(\d{1,2})$/.exec(text.trim());
  if (!m) return undefined;
  return { taskId: Number(m[1]), studentId: Number(m[2]), page: Number(m[3]) };
}

const HAN_RUN = /\p{Script=Han}+/gu;
/** Words of a header or a file name that are never part of a name. */
const LABELS = /姓名|名字|学号|学生|班级|年级|作文|题目|日期|编号|第.页|页码|序号|考号|[一二三四五六七八九十]年级|\d+班/gu;

/** Student numbers as the roster keeps them may be padded ("0012"); compare without leading zeros. */
const normNo = (s: string) => s.replace(/^0+(?=\d)/, '');

/** Digit runs of 1–4 digits that stand alone (not part of a longer number such as a date or a phone). */
export function idTokens(text: string): string[] {
  const labelled = /(?:学号|编号|序号|考号|No\.?)\s*[:：]?\s*(\d{1,4})(?!\d)/i.exec(text);
  const runs = [...text.matchAll(/(?<!\d)\d{1,4}(?![\d年月日])/g)].map((m) => m[0]);
  const all = labelled ? [labelled[1]!, ...runs.filter((r) => r !== labelled[1])] : runs;
  return [...new Set(all.map(normNo))];
}

/** Chinese text left once labels are taken out (the candidates for a name). */
export function hanText(text: string): string {
  return (text.replace(LABELS, ' ').match(HAN_RUN) ?? []).join(' ');
}

function levenshtein(a: readonly string[], b: readonly string[]): number {
  const dp = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let prev = dp[0]!;
    dp[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = dp[j]!;
      dp[j] = Math.min(dp[j]! + 1, dp[j - 1]! + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = tmp;
    }
  }
  return dp[b.length]!;
}

const sim = (a: readonly string[], b: readonly string[]) => (a.length || b.length ? 1 - levenshtein(a, b) / Math.max(a.length, b.length) : 0);

const pinyinCache = new Map<string, string[]>();
export function pinyinOf(name: string): string[] {
  let p = pinyinCache.get(name);
  if (!p) {
    p = pinyin(name, { toneType: 'none', type: 'array', surname: 'head', nonZh: 'removed' }) as string[];
    pinyinCache.set(name, p);
  }
  return p;
}

/**
 * How well some read text matches a name, 0..1: the best window of the text with the name's length
 * (±1), compared by characters and by syllables (a misread character that sounds the same still counts
 * most of the way: 0.9 of the pinyin similarity).
 */
export function nameScore(text: string, name: string): number {
  const chars = [...name];
  if (!chars.length) return 0;
  let best = 0;
  for (const run of text.split(/\s+/).filter(Boolean)) {
    const t = [...run];
    if (run.includes(name)) return 1;
    for (let len = Math.max(1, chars.length - 1); len <= chars.length + 1; len++) {
      for (let i = 0; i <= Math.max(0, t.length - len); i++) {
        const win = t.slice(i, i + len);
        best = Math.max(best, sim(win, chars), 0.9 * sim(pinyinOf(win.join('')), pinyinOf(name)));
      }
    }
  }
  return best;
}

/** Latin text of a file name as pinyin syllables joined (zhangwei, zhang_wei, ZhangWei). */
function latinScore(text: string, name: string): number {
  const latin = text.toLowerCase().replace(/[^a-z]/g, '');
  if (latin.length < 2) return 0;
  const py = pinyinOf(name).join('');
  if (!py) return 0;
  if (latin.includes(py)) return 0.95;
  return 0;
}

const top = (scored: Array<{ s: RosterStudent; score: number }>): Candidate[] =>
  scored
    .filter((x) => x.score > 0.3)
    .sort((a, b) => b.score - a.score || a.s.studentNo.localeCompare(b.s.studentNo))
    .slice(0, 3)
    .map((x) => ({ studentId: x.s.id, name: x.s.name, studentNo: x.s.studentNo, score: Math.round(x.score * 100) / 100 }));

/**
 * Matches read text (an OCR'd header or a file name) against the roster. Confidence rules, in order:
 * id and name agree → 0.97; an exact name that only one student has and no id pointing elsewhere →
 * 0.9 (0.88 for a pinyin file name); a fuzzy name → 0.8 × similarity; an id alone → 0.7 (handwritten
 * digits are too easy to misread to file a page on them alone); id and name disagreeing → 0.4.
 * Only ≥ AUTO_ASSIGN_THRESHOLD assigns.
 */
export function matchText(text: string, roster: readonly RosterStudent[], opts: { allowLatin?: boolean } = {}): MatchOutcome {
  const ids = idTokens(text);
  const han = hanText(text);
  const byId = roster.filter((s) => ids.includes(normNo(s.studentNo)));
  const scored = roster.map((s) => {
    const n = han ? nameScore(han, s.name) : 0;
    const l = opts.allowLatin ? latinScore(text, s.name) : 0;
    return { s, name: Math.max(n, l), latin: l > n, idHit: byId.includes(s) };
  });
  const evidence = [ids.length ? `#${ids.join('/')}` : '', han].filter(Boolean).join(' ').slice(0, 80);
  const results = scored.map(({ s, name, latin, idHit }) => {
    let score: number;
    if (idHit && name >= 0.6) score = 0.97;
    else if (name === 1 || (latin && name >= 0.95)) {
      const sameName = scored.filter((x) => x.s.name === s.name).length;
      const idElsewhere = ids.length > 0 && byId.length > 0 && !idHit;
      score = sameName > 1 ? 0.6 : idElsewhere ? 0.4 : latin ? 0.88 : 0.9;
    } else if (idHit) {
      const nameElsewhere = han.length > 0 && scored.some((x) => x.s !== s && x.name >= 0.8);
      score = nameElsewhere ? 0.4 : 0.7;
    } else score = 0.8 * name;
    return { s, score };
  });
  const candidates = top(results);
  const best = candidates[0];
  const second = candidates[1];
  // Two students scoring alike is never certain, whatever the score.
  const clear = best && (!second || best.score - second.score >= 0.1);
  const student = best && clear && best.score >= AUTO_ASSIGN_THRESHOLD ? roster.find((s) => s.id === best.studentId) : undefined;
  return { student, confidence: best?.score ?? 0, candidates, evidence };
}

/** The base name of a ZIP entry without folders and extension. */
export function entryStem(entryName: string): string {
  const base = entryName.split(/[\\/]/).pop() ?? entryName;
  return base.replace(/\.[A-Za-z0-9]{1,5}$/, '');
}

/**
 * The part of a ZIP entry's name to match and the page number it ends with, if any: `张伟_2`, `zhangwei-2`,
 * `张伟(2)` are page 2 of 张伟; a name that is only digits (`0012`) is a student id, not a page.
 */
export function fileNameParts(entryName: string): { text: string; page?: number } {
  const stem = entryStem(entryName);
  const m = /^(.*?[\p{Script=Han}A-Za-z].*?)[\s_\-(（]+(\d{1,2})[)）]?$/u.exec(stem);
  return m ? { text: m[1]!, page: Number(m[2]) } : { text: stem };
}

export interface PageMatch {
  pageNo: number;
  studentId?: number;
  /** Page number on the sheet (QR), else undefined. */
  sheetPage?: number;
}

/**
 * Groups matched pages by student: every student's pages form one essay, ordered by the sheet page
 * number (QR) when known, else by position in the batch. Returns, per student, the page numbers in order;
 * the first one is the essay's first page, the others are "grouped" into it.
 */
export function groupByStudent(pages: readonly PageMatch[]): Map<number, number[]> {
  const by = new Map<number, PageMatch[]>();
  for (const p of pages) {
    if (p.studentId === undefined) continue;
    const list = by.get(p.studentId) ?? [];
    list.push(p);
    by.set(p.studentId, list);
  }
  const out = new Map<number, number[]>();
  for (const [sid, list] of by) {
    list.sort((a, b) => (a.sheetPage ?? Infinity) - (b.sheetPage ?? Infinity) || a.pageNo - b.pageNo);
    out.set(
      sid,
      list.map((p) => p.pageNo),
    );
  }
  return out;
}
