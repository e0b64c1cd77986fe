// Optional OCR provider: a vision-capable model behind an OpenAI-compatible chat-completions endpoint
// (e.g. Qwen-VL, GLM-4V, a local vLLM), turned on by AI_OCR_BASE_URL / AI_OCR_MODEL (src/server/config.ts)
// with the local OCR behind it (vision-fallback.ts), never the default. The model transcribes
// the page into lines as JSON; it returns no positions, so each line gets an evenly divided share of
// the page height and characters an even share of their line (approximate boxes), and the confidence
// is the configured constant (the service gives none).
import { z } from 'zod';
import { ModelServiceClient, type ModelServiceConfig, type ServiceLogger } from '../model-service.js';
import { decodeImage } from '../image/raster.js';
import type { OcrLine, OcrPage, OcrProvider } from '../ocr.js';

const SCHEMA = {
  name: 'page_transcript',
  schema: {
    type: 'object',
    additionalProperties: false,
    required: ['title', 'lines'],
    properties: {
      title: { type: 'string', description: 'the title line, or empty' },
      lines: { type: 'array', items: { type: 'object', additionalProperties: false, required: ['text', 'paragraphStart'], properties: { text: { type: 'string' }, paragraphStart: { type: 'boolean' } } } },
    },
  },
};

const answer = z.object({ title: z.string(), lines: z.array(z.object({ text: z.string(), paragraphStart: z.boolean() })) });

export interface VisionOcrConfig extends ModelServiceConfig {
  /** reported confidence of every character (the service gives none); default 0.9 */
  confidence?: number;
}

export class VisionOcrProvider implements OcrProvider {
  readonly name: string;
  private readonly client: ModelServiceClient;
  constructor(
    private readonly config: VisionOcrConfig,
    logger?: ServiceLogger,
  ) {
    this.name = `vision:${config.model}`;
    this.client = new ModelServiceClient(config, logger);
  }

  async recognize(image: Uint8Array, options: { signal?: AbortSignal } = {}): Promise<OcrPage> {
    const decoded = await decodeImage(image, 1600);
    const sharp = (await import('sharp')).default;
    const jpeg = await sharp(image).rotate().resize({ width: 1600, withoutEnlargement: true }).jpeg({ quality: 85 }).toBuffer();
    const r = await this.client.chatJson(
      [
        { role: 'system', content: 'You transcribe handwritten Chinese essay pages exactly, character by character, keeping punctuation. Skip empty grid cells, page numbers and printed headers.' },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Transcribe this essay page. One entry per written line, in reading order; paragraphStart is true where a paragraph begins (an indented line). Put the title in title and not in lines.' },
            { type: 'image_url', image_url: { url: `data:image/jpeg;base64,${jpeg.toString('base64')}` } },
          ],
        },
      ],
      SCHEMA,
      (v) => answer.parse(v),
      options.signal,
    );
    const a = r.json as z.infer<typeof answer>;
    const conf = this.config.confidence ?? 0.9;
    const all = [...(a.title.trim() ? [{ text: a.title.trim(), paragraphStart: true, isTitle: true }] : []), ...a.lines.map((l) => ({ ...l, isTitle: false }))].filter((l) => l.text.trim());
    const { width, height } = decoded;
    const lh = height / Math.max(1, all.length + 2);
    const lines: OcrLine[] = all.map((l, i) => {
      const chars = [...l.text.trim()];
      const y = Math.round(lh * (i + 1));
      const cw = width / Math.max(chars.length, 20);
      return {
        text: chars.join(''),
        box: { x: 0, y, width, height: Math.round(lh) },
        confidence: conf,
        chars: chars.map((c, k) => ({ text: c, box: { x: Math.round(k * cw), y, width: Math.round(cw), height: Math.round(lh) }, confidence: conf })),
        ...(l.isTitle ? { isTitle: true } : {}),
        ...(i > 0 && !l.paragraphStart && !all[i - 1]!.isTitle ? { continues: true } : {}),
      };
    });
    return { lines, width, height, confidence: lines.length ? conf : 0 };
  }
}
