// How a dimension's comment reads follows the level shown beside it: "需要加强" beside a B, or "继续保持"
// beside a C, reads as the machine contradicting itself. One rule for the generator and the checker.
import type { DimensionScore } from '../scoring/local-scorer.js';
import type { TextAnalysis } from '../text/analyze.js';

/** Where a shown level sits on its scale: the top level, the bottom one, or between. */
export type LevelPosition = 'top' | 'middle' | 'bottom';

const TOP = new Set(['A', '优秀', 'Excellent', '甲', 'Jia (A)']);
const BOTTOM = new Set(['C', '较差', 'Poor', '丁', 'Ding (D)']);

/** A level label (A/B/C, 优秀…较差, 甲…丁) by its place on the scale; a number by its percent. */
export function levelPosition(d: Pick<DimensionScore, 'label' | 'percent'>): LevelPosition {
  if (TOP.has(d.label)) return 'top';
  if (BOTTOM.has(d.label)) return 'bottom';
  if (/^\d+(\.\d+)?$/.test(d.label)) return d.percent >= 85 ? 'top' : d.percent < 60 ? 'bottom' : 'middle';
  return 'middle';
}

/** How a dimension reads: strong ones are praised, weak ones get advice, never both. */
export type Tone = 'strong' | 'even' | 'weak';

const offTopic = (a: TextAnalysis) => a.relevance.drift?.drifted === true;

/**
 * Strong: the top level, or a middle level that is good in itself (≥ 80) and above the essay's own
 * level. Weak ("需要加强"): the bottom level only. A bottom level is never praised; a relevance that
 * drifts off the title is never a strength.
 */
export function dimensionTone(d: Pick<DimensionScore, 'percent' | 'id' | 'label'>, total: number, a: TextAnalysis): Tone {
  const at = levelPosition(d);
  if (d.id === 'theme' && offTopic(a)) return at === 'bottom' ? 'weak' : 'even';
  if (at === 'top' || (at === 'middle' && d.percent >= 80 && d.percent >= total + 1.5)) return 'strong';
  if (at === 'bottom') return 'weak';
  return 'even';
}
