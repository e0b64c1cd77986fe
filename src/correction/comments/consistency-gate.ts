// Every comment set leaves the engine through this gate: a field the checker finds contradicting
// itself or the essay (a model's "需要加强" beside a B, a quote of a doubtful character, error advice
// for an essay without errors) is written again from the local templates over the result's own
// scores, and a contradicting sentence note is dropped. The local templates pass the checker on the
// demo class and the 150 calibration essays (bench/correction/README.md).
import type { CorrectionResult } from '../correct-text.js';
import { dimensionComment, overallComment } from './comments.js';
import { checkComments, type Contradiction } from './consistency.js';

export interface GateOutcome {
  result: CorrectionResult;
  /** fields written again or dropped: overall, dimension:<id>, note:<start> */
  replaced: string[];
  /** what remains after the rewrite (empty when the templates hold) */
  remaining: Contradiction[];
}

export function withConsistentComments(result: CorrectionResult): GateOutcome {
  if (result.status !== 'scored' || !result.score) return { result, replaced: [], remaining: [] };
  const found = checkComments(result);
  if (!found.length) return { result, replaced: [], remaining: [] };
  const where = new Set(found.map((c) => c.where));
  const score = result.score;
  const a = result.analysis;
  const fixed: CorrectionResult = {
    ...result,
    comments: {
      ...result.comments,
      overall: where.has('overall') ? overallComment(a, score, result.title, result.lang) : result.comments.overall,
      dimensions: result.comments.dimensions.map((d) => {
        const dim = score.dimensions.find((x) => x.id === d.id);
        return where.has(`dimension:${d.id}`) && dim ? { ...d, text: dimensionComment(dim, a, score.percent, result.lang) } : d;
      }),
    },
    notes: result.notes.filter((n) => !where.has(`note:${n.start}`)),
  };
  return { result: fixed, replaced: [...where].filter((w) => !w.startsWith('paragraph:')), remaining: checkComments(fixed) };
}
