import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Alert, App, Button, Modal, Progress, Spin } from 'antd';
import { LazyResult } from '../common/LazyResult';
import type { EssayReview, ReviewAnnotation } from '../../core/api/contracts/review';
import { boxesForRange, fromTuple } from '../../core/geometry/page-boxes';
import { useT } from '../i18n/i18n-context';
import { AiComment } from './AiComment';
import { AnnotationList, SelectionBar, type SentenceSelection } from './Annotations';
import { FlagsAlert } from './FlagsAlert';
import { ImageViewer, type ImageViewerHandle } from './ImageViewer';
import { NotesList } from './NotesList';
import { teacherMarkKind } from './note-kinds';
import { PanelHeader } from './PanelHeader';
import { ScoringCard } from './ScoringCard';
import { TeacherComment, libraryGenre, type TeacherCommentHandle } from './TeacherComment';
import { TranscriptView, type ShownDoubt, type ShownNote } from './TranscriptView';
import { clearSelection } from './selection';
import type { ShortcutAction } from './shortcuts';
import { ocrLineRanges, rebaseAnnotations, resolveRange } from './transcript-ranges';
import { useJobWatch } from './use-job-watch';
import { usePanelShortcuts } from './use-panel-shortcuts';
import { useReviewActions, type PanelApi } from './use-review-actions';
import { useReviewDraft } from './use-review-draft';
import { useWorkspace } from './use-workspace';
// What opens only on demand is fetched on its first opening (an element's first paint does not pay
// for it): the comment library drawer, the revision dialog, the drafts comparison.
const CommentLibraryDrawer = lazy(() => import('../comment-library/CommentLibraryDrawer').then((m) => ({ default: m.CommentLibraryDrawer })));
const DraftsCompare = lazy(() => import('../drafts-compare/DraftsCompare').then((m) => ({ default: m.DraftsCompare })));
const UpgradeSuggestions = lazy(() => import('./UpgradeSuggestions'));
const RevisionDialog = lazy(() => import('./RevisionDialog').then((m) => ({ default: m.RevisionDialog })));
// Styles render with the view (not into the document head), so they reach a widget's shadow root.
import styles from './correction-panel.css?inline';

export interface CorrectionPanelProps {
  api: PanelApi;
  essayId: number;
  /** look only: no edits, no approval, no AI runs */
  readonly?: boolean;
  /** 'ai' (/homework/aiCorrect) puts the AI's result and the re-run first */
  mode?: 'review' | 'ai';
  /** the panel moved to a classmate's essay (previous / next); the host may route */
  onNavigate?(essayId: number): void;
  /** the teacher approved the essay */
  onApproved?(review: EssayReview): void;
  /**
   * the panel is done: 'background' when a long AI run goes on without it (product-rules.md#states, after 10 s),
   * 'discarded' when the essay was discarded with a revision request and no classmate is left
   */
  onClose?(reason: 'background' | 'discarded'): void;
  /** the teacher chose to upload an abnormal essay's pages again */
  onReupload?(essay: { essayId: number; taskId: number; classId: number; studentId: number }): void;
  /** the host's own actions in the header (the app: propose as sample) */
  headerExtra?(essay: { essayId: number; approved: boolean }): ReactNode;
}

let annotationSeq = 0;
const annotationId = () => `t${Date.now().toString(36)}${(annotationSeq++).toString(36)}`;

/**
 * The correction screen (product-rules.md#screens): the essay's page images with the AI's notes drawn on them, the
 * transcript (correctable), the AI's comment and scores with their evidence, the teacher's comment,
 * scores and sentence annotations (autosaved), the comment library, previous / next classmate,
 * approval and the other review rules of product-rules.md#states, and keyboard shortcuts scoped to the panel.
 * Plain props and API clients, so partner portals get it as <zp-correction-panel>.
 */
export function CorrectionPanel(props: CorrectionPanelProps) {
  const t = useT();
  const { message } = App.useApp();
  const { api } = props;
  const readonly = Boolean(props.readonly);
  const mode = props.mode ?? 'review';

  const [essayId, setEssayId] = useState(props.essayId);
  useEffect(() => setEssayId(props.essayId), [props.essayId]);
  const ws = useWorkspace(api.review, essayId);
  const data = ws.data;
  const draftState = useReviewDraft(api.review, data, readonly);
  const draft = draftState.draft;

  const [root, setRoot] = useState<HTMLDivElement | null>(null);
  const viewer = useRef<ImageViewerHandle | null>(null);
  const comment = useRef<TeacherCommentHandle | null>(null);
  const transcriptBox = useRef<HTMLDivElement | null>(null);
  const [hover, setHover] = useState<string | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const [lit, setLit] = useState<{ start: number; end: number } | null>(null);
  const [hiddenKinds, setHiddenKinds] = useState<ReadonlySet<string>>(new Set());
  const [selection, setSelection] = useState<SentenceSelection | null>(null);
  // the text whose 升格 suggestions are shown (kept after the selection bar closes)
  const [upgradeOf, setUpgradeOf] = useState<string | null>(null);
  const [library, setLibrary] = useState<null | 'insert' | 'attach'>(null);
  // the drawer stays mounted once opened (its closing animation, its filters)
  const libraryOpened = useRef(false);
  if (library !== null) libraryOpened.current = true;
  const [helpOpen, setHelpOpen] = useState(false);
  const [revisionOpen, setRevisionOpen] = useState(false);
  const [compareOpen, setCompareOpen] = useState(false);
  const [commentError, setCommentError] = useState(false);

  // Everything that points into one essay's text starts afresh on another essay.
  useEffect(() => {
    setHover(null);
    setSelected(null);
    setLit(null);
    setSelection(null);
    setUpgradeOf(null);
    setCommentError(false);
    setRevisionOpen(false);
    setCompareOpen(false);
  }, [essayId]);

  const navigate = useCallback(
    (id: number) => {
      setEssayId(id);
      props.onNavigate?.(id);
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [props.onNavigate],
  );

  const job = useJobWatch(api.correction, essayId, {
    onFinished: async (status) => {
      const fresh = await ws.reload();
      if (fresh) draftState.reset(fresh);
      if (status === 'done') void message.success(t('panel.aiDone'));
      else void message.error(t('panel.aiFailed'));
    },
    onBackground: () => {
      void message.info(t('panel.runInBackground'));
      props.onClose?.('background');
    },
  });
  // Opened while the AI runs (queued by upload, or by another tab): follow it without leaving.
  const aiStatus = data?.correction.status;
  useEffect(() => {
    if ((aiStatus === 'queued' || aiStatus === 'running') && !job.job) job.watch({ leave: false });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [aiStatus, essayId]);

  const actions = useReviewActions({
    api,
    ws: data,
    draft,
    readonly,
    saveNow: draftState.saveNow,
    markSaved: draftState.markSaved,
    reload: ws.reload,
    patchReview: ws.patchReview,
    onQueued: () => job.watch({ leave: true }),
    onCommentEmpty: () => {
      setCommentError(true);
      comment.current?.focus();
    },
    onApproved: props.onApproved,
    onNeighbour: navigate,
    onGone: () => props.onClose?.('discarded'),
  });

  const result = data?.correction.result ?? null;
  const text = data ? (data.review.transcript ?? data.correction.transcript ?? '') : '';
  const notes = useMemo(() => result?.notes ?? [], [result]);
  const shownNotes = useMemo<ShownNote[]>(() => {
    const out: ShownNote[] = [];
    notes.forEach((n, index) => {
      const r = resolveRange(text, n.start, n.end, n.excerpt);
      if (r) out.push({ index, kind: n.kind, ...r, message: n.message, ...(n.fix ? { fix: n.fix } : {}) });
    });
    return out;
  }, [notes, text]);
  // OCR doubt applies to the text as read: where the teacher changed the character, the doubt is gone
  const doubts = useMemo(() => (result?.doubts ?? []).filter((d) => text.slice(d.start, d.end) === d.text), [result, text]);
  const lines = useMemo(() => (result ? ocrLineRanges(result.pages, text) : null), [result, text]);
  const annotations = useMemo(() => draft?.annotations ?? [], [draft?.annotations]);
  const active = hover ?? selected;
  // The teacher's sentence notes are drawn on the page images too, after the AI's notes (index ≥ notes.length).
  const placedChars = useMemo(() => (data?.charBoxes ?? []).map(fromTuple), [data?.charBoxes]);
  const imageMarks = useMemo(
    () => [...notes, ...annotations.map((a) => ({ kind: teacherMarkKind(a.kind), message: a.text, boxes: boxesForRange(placedChars, a.start, a.end) }))],
    [notes, annotations, placedChars],
  );
  const markId = (i: number) => (i < notes.length ? `n${i}` : `a${annotations[i - notes.length]?.id ?? ''}`);
  const markIndex = (id: string | null) => {
    if (!id) return null;
    if (id.startsWith('n')) return Number(id.slice(1));
    const i = annotations.findIndex((a) => `a${a.id}` === id);
    return i < 0 ? null : notes.length + i;
  };

  const selectNote = (id: string) => {
    setSelected(id);
    const i = markIndex(id);
    if (i !== null) viewer.current?.showNote(i);
  };
  const hoverLine = (id: string | null) => {
    setHover(null);
    const line = id ? lines?.find((l) => l.id === id) : null;
    setLit(line ? { start: line.start, end: line.end } : null);
  };
  const litRanges = (ranges: Array<[number, number]> | null) => setLit(ranges?.length ? { start: ranges[0]![0], end: ranges[0]![1] } : null);

  const onSelection = (range: { start: number; end: number } | null) => {
    if (!range || readonly || data?.review.approved) return setSelection(null);
    setSelection({ ...range, excerpt: text.slice(range.start, range.end) });
  };
  const addAnnotation = (kind: ReviewAnnotation['kind'], body: string) => {
    if (!selection || !draft) return;
    const a: ReviewAnnotation = { id: annotationId(), kind, start: selection.start, end: selection.end, excerpt: selection.excerpt.slice(0, 500), text: body.slice(0, 500) };
    draftState.edit({ annotations: [...draft.annotations, a] });
    setSelection(null);
    setSelected(`a${a.id}`);
    if (transcriptBox.current) clearSelection(transcriptBox.current);
  };

  const saveTranscript = async (value: string) => {
    const fresh = await actions.saveTranscript(value);
    if (!fresh) return false;
    const shown = fresh.review.transcript ?? fresh.correction.transcript ?? '';
    ws.replace(fresh);
    // the teacher's annotations follow their sentences into the corrected text
    if (draft && draft.annotations.length) {
      const rebased = rebaseAnnotations(draft.annotations, shown);
      if (rebased.length !== draft.annotations.length || rebased.some((a, i) => a.start !== draft.annotations[i]!.start)) draftState.edit({ annotations: rebased });
    }
    setSelection(null);
    setSelected(null);
    return true;
  };

  // the keyboard fixes of doubtful characters, saved together once the teacher pauses (TranscriptView)
  // (one stable callback, so the panel's other renders do not restart the teacher's pause)
  const saveRef = useRef(saveTranscript);
  useEffect(() => {
    saveRef.current = saveTranscript;
  });
  const fixReadings = useCallback((value: string) => void saveRef.current(value), []);

  const runShortcut = (action: ShortcutAction) => {
    switch (action) {
      case 'next':
      case 'previous':
        return void actions.neighbour(action);
      case 'approve':
        return data?.review.approved ? undefined : void actions.approve();
      case 'focusComment':
        return comment.current?.focus();
      case 'library':
        return readonly || data?.review.approved ? undefined : setLibrary('insert');
      case 'help':
        return setHelpOpen((o) => !o);
      case 'zoomIn':
        return viewer.current?.zoomIn();
      case 'zoomOut':
        return viewer.current?.zoomOut();
      case 'rotate':
        return viewer.current?.rotate();
      case 'nextPage':
        return viewer.current?.nextPage();
      case 'previousPage':
        return viewer.current?.previousPage();
    }
  };
  usePanelShortcuts(root, runShortcut);

  const shell = (children: ReactNode) => (
    <div className={`zp-cp zp-cp-mode-${mode}`} part="panel" ref={setRoot} tabIndex={-1} data-testid="correction-panel" data-essay-id={essayId}>
      <style>{styles}</style>
      {children}
    </div>
  );

  if (!data) {
    if (ws.error && !ws.loading) {
      return shell(<LazyResult status="warning" title={t('panel.loadFailed')} extra={<Button onClick={() => void ws.reload()}>{t('panel.retry')}</Button>} />);
    }
    return shell(<Spin className="zp-cp-loading" />);
  }

  const { essay, correction, review, task } = data;
  // an approved essay is locked (the server refuses edits): cancel the approval to change it
  const locked = readonly || review.approved;
  const aiRunning = Boolean(job.job) || correction.status === 'queued' || correction.status === 'running';
  const teacherComment = (
    <section className="zp-cp-card" part="panel-card" key="teacher">
      <TeacherComment
        ref={comment}
        value={draft?.teacherComment ?? ''}
        readonly={locked}
        emptyError={commentError}
        library={api.library}
        genre={task.genre}
        onChange={(v) => {
          setCommentError(false);
          draftState.edit({ teacherComment: v });
        }}
        onOpenLibrary={() => setLibrary('insert')}
      />
      <AnnotationList
        annotations={annotations}
        active={active}
        readonly={locked}
        onHover={setHover}
        onSelect={selectNote}
        onRemove={(id) => draft && draftState.edit({ annotations: draft.annotations.filter((a) => a.id !== id) })}
      />
    </section>
  );
  const transcript = (
    <section className="zp-cp-card" part="panel-card" key="transcript" ref={transcriptBox}>
      <TranscriptView
        text={text}
        notes={shownNotes}
        annotations={annotations}
        hiddenKinds={hiddenKinds}
        active={active}
        lit={lit}
        selection={selection}
        corrected={review.transcript !== null}
        canEdit={!readonly && correction.status === 'done' && !review.approved}
        saving={actions.busy === 'transcript'}
        onHover={setHover}
        onSelect={selectNote}
        onSelection={onSelection}
        onSaveTranscript={saveTranscript}
        doubts={doubts}
        {...(!readonly && correction.status === 'done' && !review.approved
          ? { onAcceptReading: (d: ShownDoubt, alt: string) => void saveTranscript(text.slice(0, d.start) + alt + text.slice(d.end)), onFixReadings: fixReadings }
          : {})}
      />
      {selection && !locked && <SelectionBar selection={selection} onAdd={addAnnotation} onLibrary={() => setLibrary('attach')} onUpgrade={() => setUpgradeOf(selection.excerpt)} onCancel={() => setSelection(null)} />}
      {upgradeOf && !locked && (
        <Suspense fallback={<Spin size="small" />}>
          <UpgradeSuggestions
            excerpt={upgradeOf}
            load={() => api.review.upgrade({ essayId, text: upgradeOf })}
            onInsert={(v) => {
              comment.current?.insert(v);
              setUpgradeOf(null);
            }}
            onClose={() => setUpgradeOf(null)}
          />
        </Suspense>
      )}
    </section>
  );
  const notesList = (
    <section className="zp-cp-card" part="panel-card" key="notes">
      <NotesList
        notes={shownNotes}
        unplaced={notes.length - shownNotes.length}
        hiddenKinds={hiddenKinds}
        active={active}
        onToggleKind={(kind, shown) =>
          setHiddenKinds((h) => {
            const next = new Set(h);
            if (shown) next.delete(kind);
            else next.add(kind);
            return next;
          })
        }
        onHover={setHover}
        onSelect={selectNote}
      />
    </section>
  );
  const scoring = (
    <section className="zp-cp-card" part="panel-card" key="scoring">
      <ScoringCard
        task={task}
        ai={result?.score ?? null}
        aiTotal={correction.aiScore}
        scores={draft?.scores ?? []}
        teacherScore={draft?.teacherScore}
        savedTotal={review.teacherScore}
        readonly={locked}
        onScores={(scores) => draftState.edit({ scores })}
        onTotal={(teacherScore) => draftState.edit({ teacherScore })}
        onEvidence={litRanges}
      />
    </section>
  );
  const aiComment = (
    <section className="zp-cp-card" part="panel-card" key="ai">
      <AiComment result={result} engine={correction.engine} readonly={locked} onUse={(v) => comment.current?.insert(v)} onParagraph={setLit} />
    </section>
  );
  const sections = mode === 'ai' ? [aiComment, scoring, notesList, transcript, teacherComment] : [transcript, notesList, scoring, aiComment, teacherComment];

  return shell(
    <>
      <PanelHeader
        ws={data}
        mode={mode}
        readonly={readonly}
        saveState={draftState.state}
        busy={actions.busy}
        aiRunning={aiRunning}
        helpOpen={helpOpen}
        canCompare={essay.draft > 0 || data.revision !== null}
        onHelpOpen={setHelpOpen}
        onPrevious={() => void actions.neighbour('previous')}
        onNext={() => void actions.neighbour('next')}
        onApprove={() => void actions.approve()}
        doubtCount={doubts.length}
        onCancelApproval={() => void actions.cancelApproval()}
        onRerun={() => void actions.rerun()}
        onVisionRead={() => void actions.rerun('vision')}
        onRequestRevision={() => setRevisionOpen(true)}
        onCancelRevision={actions.cancelRevision}
        onCompare={() => setCompareOpen(true)}
        onRetrySave={() => void draftState.saveNow()}
        extra={props.headerExtra?.({ essayId: data.essay.id, approved: data.review.approved })}
      />
      {aiRunning && (
        <Alert
          className="zp-cp-running"
          type="info"
          showIcon
          data-testid="cp-ai-running"
          message={t(correction.status === 'queued' && !job.job?.progress ? 'panel.aiQueuedState' : 'panel.aiRunning')}
          description={<Progress percent={job.job?.progress ?? 0} size="small" status="active" />}
        />
      )}
      {correction.error && correction.status === 'failed' && <Alert className="zp-cp-running" type="error" showIcon message={t('panel.aiFailed')} description={correction.error} />}
      <FlagsAlert
        flags={correction.flags}
        abnormal={essay.status === 'abnormal'}
        insisted={correction.insistCorrect}
        readonly={readonly}
        busy={actions.busy === 'insist' || aiRunning}
        canReupload={Boolean(props.onReupload)}
        onInsist={() => void actions.insist()}
        onReupload={() => props.onReupload?.({ essayId: essay.id, taskId: essay.taskId, classId: essay.classId, studentId: essay.studentId })}
        onHoverFlag={litRanges}
      />
      <div className="zp-cp-body">
        <div className="zp-cp-left" part="panel-pages">
          <ImageViewer
            key={essay.id}
            ref={viewer}
            pages={essay.pages}
            resultPages={result?.pages ?? []}
            notes={imageMarks}
            hiddenKinds={hiddenKinds}
            active={markIndex(active)}
            lines={lines}
            activeLine={null}
            onHoverNote={(i) => setHover(i === null ? null : markId(i))}
            onSelectNote={(i) => setSelected(markId(i))}
            onHoverLine={hoverLine}
          />
        </div>
        <div className="zp-cp-right">{sections}</div>
      </div>
      {!locked && libraryOpened.current && (
        <Suspense fallback={null}>
          <CommentLibraryDrawer
            api={api.library}
            open={library !== null}
            onClose={() => setLibrary(null)}
            context={library === 'attach' && selection ? t('panel.attachTo', { excerpt: selection.excerpt }) : t('panel.insertInto')}
            initial={{ genre: libraryGenre(task.genre) === 'any' ? undefined : libraryGenre(task.genre) }}
            actions={[
              { key: 'insert', label: t('panel.insertComment'), primary: library !== 'attach', onPick: (c) => comment.current?.insert(c.text) },
              ...(selection
                ? [
                    {
                      key: 'attach',
                      label: t('panel.attachComment'),
                      primary: library === 'attach',
                      onPick: (c: { kind: string; text: string }) => {
                        addAnnotation(c.kind === 'positive' ? 'good' : 'fix', c.text);
                        if (library === 'attach') setLibrary(null);
                      },
                    },
                  ]
                : []),
            ]}
          />
        </Suspense>
      )}
      {revisionOpen && (
        <Suspense fallback={null}>
          <RevisionDialog
            open
            studentName={essay.studentName}
            nextDraft={essay.draft + 1}
            busy={actions.busy === 'revision'}
            onCancel={() => setRevisionOpen(false)}
            onSubmit={async (m, msg) => {
              if (await actions.requestRevision(m, msg)) setRevisionOpen(false);
            }}
          />
        </Suspense>
      )}
      {compareOpen && (
        <Modal open title={t('panel.compareDrafts')} width="min(1200px, 96vw)" footer={null} onCancel={() => setCompareOpen(false)} destroyOnHidden>
          <Suspense fallback={<Spin />}>
            <DraftsCompare api={{ review: api.review }} taskId={essay.taskId} studentId={essay.studentId} />
          </Suspense>
        </Modal>
      )}
    </>,
  );
}
