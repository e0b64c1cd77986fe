import { z } from 'zod';
import { ANCHOR_MAX, ANCHOR_MIN } from './anchor-limits';
import { rowId } from './paging';

/** Anchor essays: the teacher's scores of 3-5 essays of a task in a class put the AI's scores of the
 * rest of the class on the teacher's scale (a preview: nothing is stored). */
export { ANCHOR_MAX, ANCHOR_MIN };

export const anchorCalibrationBody = z.object({
  taskId: rowId(),
  classId: rowId(),
  anchors: z
    .array(z.object({ essayId: rowId(), score: z.string().trim().min(1).max(16) }))
    .min(ANCHOR_MIN)
    .max(ANCHOR_MAX),
});
export type AnchorCalibrationBody = z.infer<typeof anchorCalibrationBody>;

const shown = z.object({ percent: z.number(), label: z.string() });
const bandCount = z.object({ label: z.string(), before: z.number().int(), after: z.number().int() });

export const anchorCalibration = z.object({
  /** teacher percent = intercept + slope × AI percent (clamped to 0-100) */
  map: z.object({ slope: z.number(), intercept: z.number(), anchors: z.number().int() }),
  essays: z.array(
    z.object({
      essayId: rowId(),
      studentName: z.string(),
      anchor: z.boolean(),
      /** the AI's score as corrected */
      ai: shown,
      /** the AI's score on the teacher's scale (按您的评分校准); for an anchor, the teacher's own */
      calibrated: shown,
    }),
  ),
  /** levels (or ten-point ranges) of the task's scale, best first: essays before and after */
  bands: z.array(bandCount),
});
export type AnchorCalibration = z.infer<typeof anchorCalibration>;
