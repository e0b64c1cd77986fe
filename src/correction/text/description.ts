// Dialogue (quoted speech) and description (sensory, action, psychological, environment) cues.
import type { Token } from './vocabulary.js';

export interface Quote {
  start: number;
  end: number;
  /** speech introduced by 说：/道：/问： etc. rather than a quoted term */
  speech: boolean;
}

export type DescriptionKind = 'sensory' | 'psychological' | 'environment' | 'action';

export interface DescriptionHit {
  kind: DescriptionKind;
  word: string;
  start: number;
  end: number;
}

export interface DialogueAndDescription {
  quotes: Quote[];
  /** quoted speech characters / all characters */
  dialogueShare: number;
  description: DescriptionHit[];
  descriptionKinds: Record<DescriptionKind, number>;
}

const SENSORY = new Set(
  '看见 看到 望见 听见 听到 闻到 闻见 尝到 摸到 摸着 触摸 香味 香气 气味 味道 声音 响声 颜色 红红 绿油油 金黄 雪白 碧绿 火红 湛蓝 五颜六色 清香 芳香 甜甜 苦涩 冰凉 温暖 柔软 光滑 粗糙 嗡嗡 哗哗 叽叽喳喳 沙沙 咚咚 刺眼 耀眼 明亮 昏暗'.split(' '),
);
const PSYCH = new Set(
  '心里 心中 心想 暗想 想着 觉得 感到 感觉 紧张 激动 害怕 高兴 难过 伤心 委屈 愧疚 后悔 惭愧 失落 兴奋 担心 忐忑 忐忑不安 惊喜 感动 温暖 欣慰 自豪 骄傲 羞愧 生气 愤怒 难受 心跳 心头 心底 内心 不安 犹豫 期待 憧憬 思念 怀念'.split(' '),
);
const ENV = new Set(
  '天空 阳光 月光 夕阳 晚霞 朝霞 微风 春风 秋风 寒风 细雨 大雨 小雨 雪花 白云 乌云 树叶 落叶 小草 花朵 鲜花 校园 操场 窗外 街道 田野 山坡 湖面 河边 海边 夜空 星空 黄昏 清晨 傍晚 路灯 雾 霜'.split(' '),
);

const SPEECH_BEFORE = /(说|道|问|喊|叫|答|嚷|笑道|骂|吼|嘟囔|念叨|回答|告诉)[着了]?[：:,，]?$/u;

export function analyzeDialogueAndDescription(text: string, tokens: Token[]): DialogueAndDescription {
  const quotes: Quote[] = [];
  const re = /“[^“”]*”/gu;
  let quoted = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const before = text.slice(Math.max(0, m.index - 6), m.index);
    const inner = m[0].slice(1, -1);
    // A quoted term (“老土”) is short and has no stop mark; speech is longer or introduced by 说：.
    const speech = SPEECH_BEFORE.test(before) || /[。！？，…]/u.test(inner) || inner.length > 10;
    quotes.push({ start: m.index, end: m.index + m[0].length, speech });
    if (speech) quoted += m[0].length;
  }
  const description: DescriptionHit[] = [];
  const kinds: Record<DescriptionKind, number> = { sensory: 0, psychological: 0, environment: 0, action: 0 };
  let verbsInRow = 0;
  for (const t of tokens) {
    let kind: DescriptionKind | undefined;
    if (SENSORY.has(t.word)) kind = 'sensory';
    else if (PSYCH.has(t.word)) kind = 'psychological';
    else if (ENV.has(t.word)) kind = 'environment';
    // Action description: a chain of 3+ verbs within one clause (抓起书包，冲出门 ...).
    if (t.tag.startsWith('v') && t.word.length >= 1) verbsInRow++;
    else if (/^[。！？；]$/.test(t.word)) verbsInRow = 0;
    if (!kind && verbsInRow === 4 && t.tag.startsWith('v')) kind = 'action';
    if (kind) {
      kinds[kind]++;
      description.push({ kind, word: t.word, start: t.start, end: t.end });
    }
  }
  return {
    quotes,
    dialogueShare: text.length ? Math.round((quoted / text.length) * 1000) / 1000 : 0,
    description,
    descriptionKinds: kinds,
  };
}
