import { useCallback, useEffect, useRef, useState } from 'react';
import type { ReviewAnnotation, ReviewWorkspace } from '../../core/api/contracts/review';
import type { ReviewApi } from '../../core/api/endpoints/review';
import { dimensionProblem, initialScores, type DimensionScore } from './score-input';

/** The teacher's edits of one essay, as the panel holds them between saves. */
export interface ReviewDraft {
  essayId: number;
  teacherComment: string;
  scores: DimensionScore[];
  /** the total picked by hand; undefined = derived from the dimensions */
  teacherScore?: string;
  annotations: ReviewAnnotation[];
}
type Field = 'teacherComment' | 'scores' | 'teacherScore' | 'annotations';
export type SaveState = 'saved' | 'dirty' | 'saving' | 'error';

/** Quiet time after the last keystroke before the edits are saved. */
export const AUTOSAVE_DELAY_MS = 1000;

export function draftFromWorkspace(ws: ReviewWorkspace): ReviewDraft {
  const aiDimensions = ws.correction.result?.score?.dimensions ?? [];
  return {
    essayId: ws.essay.id,
    teacherComment: ws.review.teacherComment,
    scores: initialScores(ws.task, ws.review.dimensionScores, aiDimensions),
    annotations: ws.review.annotations,
  };
}

/** Only the fields the teacher touched are saved, so autosaving a comment does not turn the AI's scores into the teacher's. */
function payload(d: ReviewDraft, touched: ReadonlySet<Field>, task: ReviewWorkspace['task']) {
  return {
    essayId: d.essayId,
    ...(touched.has('teacherComment') ? { teacherComment: d.teacherComment } : {}),
    ...(touched.has('scores') ? { dimensionScores: d.scores.filter((s) => (s.value !== undefined || s.label !== undefined) && !dimensionProblem(task, s)) } : {}),
    ...(touched.has('teacherScore') && d.teacherScore ? { teacherScore: d.teacherScore } : {}),
    ...(touched.has('annotations') ? { annotations: d.annotations } : {}),
  };
}

/**
 * The teacher's edits with autosave: every change is saved (review/save) once typing pauses, before
 * the panel moves to another essay, and when it unmounts, so nothing typed is lost. `state` drives
 * the saved / unsaved indicator.
 */
export function useReviewDraft(review: ReviewApi, ws: ReviewWorkspace | null, readonly: boolean) {
  const [draft, setDraft] = useState<ReviewDraft | null>(null);
  const [state, setState] = useState<SaveState>('saved');
  const live = useRef<{ draft: ReviewDraft | null; task: ReviewWorkspace['task'] | null; touched: Set<Field>; version: number; saved: number }>({ draft: null, task: null, touched: new Set(), version: 0, saved: 0 });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const mounted = useRef(true);

  const saveNow = useCallback(async (): Promise<boolean> => {
    clearTimeout(timer.current);
    const s = live.current;
    if (!s.draft || !s.task || s.version <= s.saved || readonly) return true;
    const version = s.version;
    const essayId = s.draft.essayId;
    if (mounted.current) setState('saving');
    try {
      await review.save(payload(s.draft, s.touched, s.task));
      // a save of an essay the panel has left does not touch the indicator of the new one
      if (live.current.draft?.essayId !== essayId) return true;
      if (version > live.current.saved) live.current.saved = version;
      if (mounted.current) setState(live.current.version === live.current.saved ? 'saved' : 'dirty');
      return true;
    } catch {
      if (mounted.current && live.current.draft?.essayId === essayId) setState('error');
      return false;
    }
  }, [review, readonly]);

  // A new essay: save what is pending for the previous one, then start from the new one's review.
  const essayId = ws?.essay.id;
  useEffect(() => {
    if (!ws) return;
    if (live.current.draft?.essayId === ws.essay.id) return;
    if (live.current.version > live.current.saved) void saveNow();
    const d = draftFromWorkspace(ws);
    live.current = { draft: d, task: ws.task, touched: new Set(), version: 0, saved: 0 };
    setDraft(d);
    setState('saved');
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [essayId, ws && ws.essay.id]);

  const edit = useCallback(
    (fields: Partial<Omit<ReviewDraft, 'essayId'>>) => {
      const s = live.current;
      if (!s.draft || readonly) return;
      const next = { ...s.draft, ...fields };
      for (const k of Object.keys(fields) as Field[]) s.touched.add(k);
      s.draft = next;
      s.version++;
      setDraft(next);
      setState('dirty');
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void saveNow(), AUTOSAVE_DELAY_MS);
    },
    [readonly, saveNow],
  );

  /** Starts again from the server's copy (after a re-run replaced the AI's results, or approval stored the edits). */
  const reset = useCallback((fresh: ReviewWorkspace) => {
    clearTimeout(timer.current);
    const d = draftFromWorkspace(fresh);
    live.current = { draft: d, task: fresh.task, touched: new Set(), version: 0, saved: 0 };
    setDraft(d);
    setState('saved');
  }, []);

  /** The edits were stored another way (approve carries them): nothing pending any more. */
  const markSaved = useCallback(() => {
    clearTimeout(timer.current);
    live.current.saved = live.current.version;
    setState('saved');
  }, []);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      // leaving the panel: whatever is pending goes out now
      if (live.current.version > live.current.saved) void saveNow();
      clearTimeout(timer.current);
    };
  }, [saveNow]);

  return { draft: draft && draft.essayId === essayId ? draft : null, state, edit, saveNow, reset, markSaved };
}
