// 升格 (upgrade) suggestions from the model service (OpenAI-compatible, when configured): the selection
// and its paragraph go in, at most three rewrites with a short note come back as JSON. A rewrite is kept
// only when it is clean (no markup, no placeholders) and still about the same thing (most of the
// selection's characters are in it): a model that drifts off gives nothing rather than a new essay.
import { z } from 'zod';
import type { ChatMessage, ModelServiceClient } from '../model-service.js';
import { cleanRewrite, keepsMeaning } from './rewrite-checks.js';
import type { Upgrade, UpgradeLang } from './local-upgrades.js';

export const UPGRADE_SCHEMA = {
  name: 'essay_upgrade',
  schema: {
    type: 'object',
    additionalProperties: false,
    required: ['rewrites'],
    properties: {
      rewrites: {
        type: 'array',
        maxItems: 3,
        items: { type: 'object', additionalProperties: false, required: ['text', 'note'], properties: { text: { type: 'string' }, note: { type: 'string' } } },
      },
    },
  },
} as const;

const answer = z.object({ rewrites: z.array(z.object({ text: z.string(), note: z.string() })).max(6) });

export function upgradePrompt(selection: string, context: string, lang: UpgradeLang): ChatMessage[] {
  const noteLang = lang === 'zh' ? '中文' : 'English';
  return [
    {
      role: 'system',
      content:
        '你是初中语文老师，给学生作文做“升格”示范。把学生选中的句子或段落改写得更好，但必须保留原意和原来写的人、事、物：' +
        '把用滥了的比喻换成新鲜贴切的画面，把笼统的动词换成准确的动词，或补一处看得见、听得见、摸得着的细节。' +
        `最多给三种改写，每种附一句简短说明（${noteLang}）。只改写选中的文字，不要加标题、引号外的解释或任何标记。按 JSON 格式回答。`,
    },
    { role: 'user', content: `所在段落：${context.slice(0, 600)}\n选中的文字：${selection}` },
  ];
}

/** The model's rewrites that pass the checks, at most three. */
export function parseModelUpgrades(v: unknown, selection: string): Upgrade[] {
  const out: Upgrade[] = [];
  for (const r of answer.parse(v).rewrites) {
    const text = r.text.trim();
    const note = r.note.trim().slice(0, 120);
    if (!text || text === selection || !cleanRewrite(text, selection) || !keepsMeaning(text, selection) || !cleanRewrite(note, '')) continue;
    if (out.some((u) => u.text === text)) continue;
    out.push({ text, note, kinds: [], source: 'model' });
    if (out.length === 3) break;
  }
  return out;
}

export async function modelUpgrades(client: ModelServiceClient, selection: string, context: string, lang: UpgradeLang, signal?: AbortSignal): Promise<Upgrade[]> {
  const r = await client.chatJson(upgradePrompt(selection, context, lang), UPGRADE_SCHEMA as unknown as { name: string; schema: Record<string, unknown> }, (v) => parseModelUpgrades(v, selection), signal);
  return r.json as Upgrade[];
}
