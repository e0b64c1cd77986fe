// Title and paragraphs of a read page, from the rows' empty cells (grid) or indents (lined, plain).
import type { PageLayout } from '../image/layout.js';
import type { OcrLine } from '../ocr.js';

const SENTENCE_END = /[。！？!?…」”』.]$/u;
/** a line of closing marks only (the wrapped end of a sentence: 。 ！” …) */
const ONLY_CLOSING = /^[。，、；：！？!?…—」』”’）》]+$/u;

/**
 * Title and paragraphs. Grid: a first row with three or more empty cells on both sides is the title;
 * a row starting after two empty cells, or following a row that stopped three cells early, opens a
 * paragraph; other rows continue the paragraph. Lined and plain: the same with indents in characters.
 * A line of closing marks only never opens a paragraph (nor is it a title): it ends the previous line.
 */
export function markStructure(lines: Array<OcrLine & { lead: number; trail: number; pitch: number }>, layout: PageLayout): void {
  const unit = (l: { pitch: number }): number => (layout.kind === 'grid' ? 1 : l.pitch);
  const first = lines[0];
  if (first) {
    const u = unit(first);
    const centred = first.lead / u >= 2.5 && (layout.kind === 'plain' || first.trail / u >= 2.5);
    if (centred && first.chars.length <= 24 && !SENTENCE_END.test(first.text) && !ONLY_CLOSING.test(first.text)) first.isTitle = true;
  }
  for (let i = 1; i < lines.length; i++) {
    const l = lines[i]!;
    const prev = lines[i - 1]!;
    const u = unit(l);
    const indented = l.lead / u >= 1.5;
    const prevShort = prev.trail / unit(prev) >= 3 && SENTENCE_END.test(prev.text);
    if (!prev.isTitle && ((!indented && !prevShort) || ONLY_CLOSING.test(l.text))) l.continues = true;
  }
  // the first row of a page continues the previous page's paragraph unless indented
  if (first && !first.isTitle && (first.lead / unit(first) < 1.5 || ONLY_CLOSING.test(first.text))) first.continues = true;
}
