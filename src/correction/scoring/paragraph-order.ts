// Whether an essay's paragraphs stand in an order that reads forward, learned from essays' own
// paragraphs: in a training essay every paragraph comes before the ones after it, so "A before B" is a
// true pair and "B before A" a false one, and no teacher's marks are needed. Each paragraph gets an
// earliness, the sum of weights over what it holds: measures that mean the same at any topic (an
// opening sets the scene and introduces, a closing sums up, turns to the reader or ends on ！; a
// paragraph that opens on 后来/于是 or on a 他/她 nobody was named for carries on from another; dialogue
// belongs to the telling) and the character pairs at its start, its end and inside it. The weights are
// fitted by logistic regression on the pairs (bench/correction/train-monotone-scorer.ts, inside each
// training fold) and stored with the scoring model. A text's order score is the mean over its paragraph
// pairs of the earlier one's earliness less the later one's: a text out of order scores lower (an input
// of monotone-model.ts whose weight can only be ≥ 0). Fewer than two paragraphs: 0, nothing to order.

/** The fitted weights by feature name (features not listed weigh 0), stored with the scoring model. */
export interface ParagraphOrderModel {
  weights: Record<string, number>;
}

// Scene-setting and remembering words: an opening's (记得/那是 …).
const SETTING = ['记得', '那是', '那年', '那天', '那一次', '小时候', '有一次', '曾经', '从小', '说起', '今年', '去年', '上学期', '这学期', '开学', '一天', '每个人', '在我', '人生', '生活中'];
// Introducing someone or something for the first time.
const INTRODUCES = ['是一位', '是一个', '是我们', '名叫', '叫做', '姓', '我的', '我有', '我们班', '我们学校'];
// Summing up, reflecting, looking forward: a closing's.
const CLOSING = ['总之', '总而言之', '这就是', '这便是', '我明白', '我懂得', '明白了', '懂得了', '让我明白', '让我懂得', '使我明白', '从此', '从那以后', '永远', '忘不了', '难忘', '今后', '以后', '每当', '感谢', '谢谢', '我想', '相信', '希望', '原来', '终于', '回想', '至今', '如今'];
// Turning to the reader or to everyone: a conclusion's.
const APPEAL = ['让我们', '我们应', '我们要', '我们必须', '我们一定', '应该', '难道', '朋友们', '同学们', '你会', '你看'];
// A paragraph starting on one of these carries on from something said before: it cannot open an essay.
const SEQUEL = /^[\s“"‘]*(后来|接着|然后|于是|最后|终于|随后|不久|过了|这时|此时|那时|从此|因此|所以|但是|可是|不过|而且|并且|还有|另外|同时|当然|其实)/u;
// …or on a pronoun or a demonstrative whose referent must have come before.
const PRONOUN_START = /^[\s“"‘]*(他|她|它|这|那|此)/u;
// People named by role: the first mention that a later 他/她 refers back to.
const PEOPLE = /(老师|妈妈|爸爸|母亲|父亲|爷爷|奶奶|外婆|外公|姥姥|哥哥|姐姐|弟弟|妹妹|同学|同桌|朋友|班长|校长|叔叔|阿姨|师傅|先生)/u;
// Time expressions on scales that run forward (a day, days, a life, a list).
const TIME_SCALES: ReadonlyArray<ReadonlyArray<readonly string[]>> = [
  [['清晨', '早上', '早晨', '上午'], ['中午', '午饭'], ['下午', '傍晚', '黄昏'], ['晚上', '夜里', '深夜', '半夜']],
  [['第一天', '头一天'], ['第二天', '次日'], ['第三天', '第四天', '第五天'], ['最后一天']],
  [['小时候', '童年', '幼儿园', '那时候'], ['上小学', '小学'], ['初中', '中学', '长大'], ['如今', '现在', '至今']],
  [['首先', '第一', '起初', '一开始', '刚开始'], ['其次', '第二', '接着', '然后'], ['再次', '第三', '后来'], ['最后', '总之', '终于']],
];

/** the topic-free measures' scale beside the character pairs (0.1: a cue word weighs about as much as a
 * pair of a short paragraph; larger scales ordered the essays held out worse) */
const TRAITS = 0.1;

const SENTENCE = /[^。！？…]+[。！？…]*[”’」]?/gu;
const count = (text: string, words: readonly string[]) => words.reduce((n, w) => n + (text.includes(w) ? 1 : 0), 0);
const cap = (x: number, c = 3) => Math.min(c, x);

interface Traits {
  setting: number;
  introduces: number;
  titleWords: number;
  salutation: number;
  closing: number;
  exclaimEnd: number;
  appeal: number;
  letterEnd: number;
  dialogue: number;
  sequel: number;
  pronounStart: number;
  pronounFirst: number;
  /** the mean stage of its time expressions over the scales it uses (−1 if none) */
  stage: number;
}

function stageOf(p: string): number {
  const hits = TIME_SCALES.flatMap((scale) => scale.flatMap((words, stage) => words.filter((w) => p.includes(w)).map(() => stage)));
  return hits.length ? hits.reduce((s, v) => s + v, 0) / hits.length : -1;
}

function traits(p: string, keywords: readonly string[]): Traits {
  const sentences = p.match(SENTENCE) ?? [p];
  const first = sentences[0] ?? '';
  const last = sentences.at(-1) ?? '';
  const he = p.search(/[他她]/u);
  const person = p.search(PEOPLE);
  return {
    // the opening words count in the first sentence, where an opening puts them
    setting: cap(count(first, SETTING)),
    introduces: cap(count(first, INTRODUCES)),
    titleWords: keywords.length ? count(first, keywords) / keywords.length : 0,
    // a letter's or speech's salutation line (敬爱的…：)
    salutation: /[：:]\s*$/u.test(p.trim()) ? 1 : 0,
    closing: cap(count(last, CLOSING) + count(p, CLOSING) / 2),
    exclaimEnd: /[！？!?…][”’」]?\s*$/u.test(last) ? 1 : 0,
    // the conclusion turns to the reader or to everyone: 让我们, 我们应该, 你
    appeal: cap(count(last, APPEAL)),
    // a letter's close: 此致/敬礼, a signature or a date
    letterEnd: /此致|敬礼|祝你|祝您|^\s*\S{0,12}[年月日]\s*$|^\s*\S{1,8}\s*$/u.test(p.trim()) ? 1 : 0,
    // dialogue belongs to the telling, after the scene is set
    dialogue: cap((p.match(/[“「]/gu) ?? []).length / 2),
    sequel: SEQUEL.test(p) ? 1 : 0,
    pronounStart: PRONOUN_START.test(p) ? 1 : 0,
    // a 他/她 before anyone is named in this paragraph refers to someone named earlier
    pronounFirst: he >= 0 && (person < 0 || he < person) ? 1 : 0,
    stage: stageOf(p),
  };
}

/** What a paragraph holds, by feature name: the topic-free measures (t:…, stage t:late and t:early),
 * and the presence of its first character pair (s:), its last (e:), its closing mark (m:) and every
 * character pair inside it (b:, weighed down by the paragraph's size so that long ones do not dominate). */
export function paragraphFeatures(p: string, keywords: readonly string[]): Map<string, number> {
  const t = traits(p, keywords);
  const present = new Set<string>();
  const han = p.replace(/[^\p{Script=Han}]/gu, '');
  if (han.length >= 2) {
    present.add('s:' + han.slice(0, 2));
    present.add('e:' + han.slice(-2));
  }
  const mark = p.trim().slice(-1);
  if (mark && !/\p{Script=Han}/u.test(mark)) present.add('m:' + mark);
  // only the edges: character pairs inside a paragraph move with every wrong character, which made the
  // order input, and so the score, jump when errors were put in
  present.add('s1:' + han.slice(0, 1));
  // every feature weighed down by the paragraph's size, so that long paragraphs do not dominate
  const scale = 1 / Math.sqrt(present.size || 1);
  const out = new Map<string, number>([...present].map((k) => [k, scale]));
  if (TRAITS) {
    for (const [k, v] of Object.entries(t)) if (k !== 'stage' && v) out.set('t:' + k, v * TRAITS);
    if (t.stage >= 0) out.set('t:stage', (t.stage - 1.5) * TRAITS);
  }
  return out;
}
export const textParagraphFeatures = (paragraphs: readonly string[], keywords: readonly string[]) =>
  paragraphs.filter((p) => p.trim()).map((p) => paragraphFeatures(p, keywords));

const earliness = (f: Map<string, number>, w: Record<string, number>) => {
  let e = 0;
  for (const [k, v] of f) e += v * (w[k] ?? 0);
  return e;
};

/** Mean over paragraph pairs i < j of earliness(i) − earliness(j); 0 for fewer than two paragraphs. */
export function orderScoreOfFeatures(paras: ReadonlyArray<Map<string, number>>, model: ParagraphOrderModel | undefined): number {
  if (!model || paras.length < 2) return 0;
  const e = paras.map((f) => earliness(f, model.weights));
  const n = e.length;
  // Σ_{i<j} (e_i − e_j) = Σ_i e_i (n − 1 − 2i)
  return e.reduce((s, v, i) => s + v * (n - 1 - 2 * i), 0) / ((n * (n - 1)) / 2);
}

export function paragraphOrderScore(paragraphs: readonly string[], keywords: readonly string[], model: ParagraphOrderModel | undefined): number {
  return model ? orderScoreOfFeatures(textParagraphFeatures(paragraphs, keywords), model) : 0;
}

/** Logistic regression without intercept on every essay's true pairs (each essay weighted as one, so
 * long essays do not dominate), L2 penalty `lambda`, by gradient descent; features seen in fewer than
 * `minCount` training paragraphs are left out. */
export function fitParagraphOrder(essays: ReadonlyArray<ReadonlyArray<Map<string, number>>>, lambda = 0.01, steps = 300, minCount = 3): ParagraphOrderModel {
  const seen = new Map<string, number>();
  for (const e of essays) for (const p of e) for (const k of p.keys()) seen.set(k, (seen.get(k) ?? 0) + 1);
  const names = [...seen].filter(([, c]) => c >= minCount).map(([k]) => k);
  const index = new Map(names.map((k, i) => [k, i]));
  // each paragraph as parallel arrays of feature indices and values: the loop below runs `steps` times
  const used = essays
    .filter((e) => e.length >= 2)
    .map((e) =>
      e.map((f) => {
        const at: number[] = [];
        const val: number[] = [];
        for (const [k, v] of f) {
          const i = index.get(k);
          if (i === undefined) continue;
          at.push(i);
          val.push(v);
        }
        return { at: Int32Array.from(at), val: Float64Array.from(val) };
      }),
    );
  const w = new Float64Array(names.length);
  const g = new Float64Array(names.length);
  for (let t = 0; t < steps; t++) {
    for (let k = 0; k < w.length; k++) g[k] = 2 * lambda * w[k]!;
    for (const paras of used) {
      const e = paras.map((p) => p.at.reduce((s, i, k) => s + w[i]! * p.val[k]!, 0));
      const c = new Float64Array(paras.length);
      const pairs = (paras.length * (paras.length - 1)) / 2;
      for (let i = 0; i < paras.length; i++)
        for (let j = i + 1; j < paras.length; j++) {
          // d/de_i of −log σ(e_i − e_j) is −σ(e_j − e_i)
          const q = 1 / (1 + Math.exp(e[i]! - e[j]!)) / pairs / used.length;
          c[i] = c[i]! - q;
          c[j] = c[j]! + q;
        }
      paras.forEach((p, i) => p.at.forEach((k, n) => (g[k] = g[k]! + c[i]! * p.val[n]!)));
    }
    for (let k = 0; k < w.length; k++) w[k] = w[k]! - 2 * g[k]!;
  }
  const weights: Record<string, number> = {};
  names
    .map((k, i) => [k, w[i]!] as const)
    .sort((a, b) => a[0].localeCompare(b[0]))
    .forEach(([k, v]) => {
      if (Math.abs(v) >= 5e-4) weights[k] = Math.round(v * 1e4) / 1e4;
    });
  return { weights };
}
