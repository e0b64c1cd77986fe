import { lazy, Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Alert, Button, Card, Col, Empty, Modal, Row, Space, Spin, Statistic, Table, Tag, Typography } from 'antd';
import { DiffOutlined, EditOutlined, FileDoneOutlined, LoadingOutlined, ProjectOutlined, RollbackOutlined, UploadOutlined } from '@ant-design/icons';
import type { ClassesApi } from '../../core/api/endpoints/classes';
import type { BatchApi } from '../../core/api/endpoints/batch';
import type { EssaysApi } from '../../core/api/endpoints/essays';
import type { ReviewApi } from '../../core/api/endpoints/review';
import type { TasksApi } from '../../core/api/endpoints/tasks';
import { EmptyState } from '../common/EmptyState';
import { useTableA11y } from '../common/use-table-a11y';
import { useClassTaskPicker } from '../common/use-class-task-picker';
import { useAsync } from '../hooks/use-async';
import { useT } from '../i18n/i18n-context';
import { EssayLabelTag } from '../upload/label-tag';
import { ExportButton } from './ExportButton';
import { canCompareDrafts, isAiBusy, latestEssay, notSubmittedRows, pendingReviewIds, selectedEssayIds, type WritingRow } from './list-model';
import { ReminderButton } from './ReminderButton';
import { useLiveWritingList } from './use-live-list';
import styles from './writing-list.css?inline';
import { AccessibleTabs } from '../common/AccessibleTabs';
import { schoolTime } from '../../core/time/school-time';

type Row = WritingRow;

const noWrap = () => ({ style: { whiteSpace: 'nowrap' as const } });
const shortTime = (iso: string | null | undefined) => (iso ? <span title={schoolTime(iso)}>{schoolTime(iso, 'MM-DD HH:mm')}</span> : '—');

// Opened rarely (after a batch upload left pages without a student): loaded when first opened.
const UnmatchedPages = lazy(() => import('../upload/UnmatchedPages').then((m) => ({ default: m.UnmatchedPages })));
// The other tabs and the dialogs load when first shown, so the list's own code is all the first screen runs.
const WritingStats = lazy(() => import('../writing-stats/WritingStats').then((m) => ({ default: m.WritingStats })));
const AnchorCalibration = lazy(() => import('../writing-stats/AnchorCalibration').then((m) => ({ default: m.AnchorCalibration })));
const ClassroomEvaluation = lazy(() => import('../writing-stats/ClassroomEvaluation').then((m) => ({ default: m.ClassroomEvaluation })));
const RevisionRequestModal = lazy(() => import('./RevisionRequestModal').then((m) => ({ default: m.RevisionRequestModal })));
const DraftsCompare = lazy(() => import('../drafts-compare/DraftsCompare').then((m) => ({ default: m.DraftsCompare })));
const tabFallback = <Spin style={{ display: 'block', margin: '40px auto' }} />;

export interface WritingListProps {
  /** `batch` lets the teacher open the unmatched images of batch uploads and assign them. `review` turns on the teacher's actions (statistics, export, reminder, revision requests, batch review, drafts). */
  api: { classes: ClassesApi; tasks: TasksApi; essays: EssaysApi; review?: ReviewApi; batch?: BatchApi };
  taskId?: number;
  classId?: number;
  onSelect?(taskId: number, classId: number): void;
  /** A student without an essay: the upload screen. */
  onOpenStudent?(row: Row, taskId: number, classId: number): void;
  /** An essay: the correction panel. */
  onOpenEssay?(essayId: number, row: Row): void;
  /** The host's own action on a row's latest essay (the app: propose an approved essay as a sample). */
  rowExtra?(essay: { id: number; status: string }, row: Row): ReactNode;
  /** Batch review of the given essays (AI done, not approved). */
  onBatchReview?(taskId: number, classId: number, essayIds: number[]): void;
  /** The class report of the task (product-rules.md#class-report). */
  onOpenReport?(taskId: number, classId: number): void;
  /** The page chooses the task and class itself (work info page): no picker. */
  hidePicker?: boolean;
  /** The statistics tab first (work info page). */
  defaultTab?: 'list' | 'stats';
  /** Where popups mount when embedded in a shadow root. */
  getContainer?: () => HTMLElement;
  /** Changing it reloads the list (a cached page shown again after the teacher reviewed elsewhere). */
  refreshKey?: number;
}

/**
 * The class essay list (product-rules.md#screens writinglist): each student's status label, draft, scores, word count,
 * submission and audit times, live while the AI works; with the review API also the teacher's tools:
 * statistics, classroom evaluation, export, one-click reminder, batch revised-draft request, batch
 * review, and each student's drafts side by side.
 */
export function WritingList(props: WritingListProps) {
  const t = useT();
  const { api } = props;
  const review = api.review;
  const { klass, task, loading, picker } = useClassTaskPicker({ api, classId: props.classId, taskId: props.taskId, onSelect: props.onSelect });
  const list = useLiveWritingList(api.essays, task?.id, klass?.id, props.refreshKey);
  const [tab, setTab] = useState<'list' | 'stats' | 'anchors'>(props.defaultTab ?? 'list');
  const [selected, setSelected] = useState<number[]>([]);
  const [revisionFor, setRevisionFor] = useState<number[] | null>(null);
  const [compare, setCompare] = useState<Row | null>(null);
  const [evaluation, setEvaluation] = useState(false);
  const [unmatchedOpen, setUnmatchedOpen] = useState(false);

  // A selection belongs to one task and class.
  useEffect(() => setSelected([]), [task?.id, klass?.id]);

  const rows = useMemo(() => list.data?.students ?? [], [list.data]);
  const anchorEssays = useMemo(() => rows.flatMap((r) => {
    const e = latestEssay(r);
    return e?.aiScore ? [{ essayId: e.id, studentName: r.name, aiScore: e.aiScore }] : [];
  }), [rows]);
  // Statistics follow the list: refreshed whenever the list answers anew (polling, actions).
  const stats = useAsync(() => (review && task && klass && tab === 'stats' ? review.statistics(task.id, klass.id) : Promise.resolve(null)), [review, task?.id, klass?.id, tab, list.data]);
  const nameOfEssay = useMemo(() => {
    const names = new Map<number, string>();
    for (const r of rows) for (const e of r.essays) names.set(e.id, r.name);
    return (id: number) => names.get(id) ?? `#${id}`;
  }, [rows]);

  const tableBox = useTableA11y(t('page.writingList'));

  if (loading) return <Card loading />;
  if (!klass) return <EmptyState text={t('class.empty')} />;
  const c = list.data?.counts;
  const pending = pendingReviewIds(rows);
  const chosenEssays = selectedEssayIds(rows, selected);
  const chosenPending = pendingReviewIds(rows.filter((r) => selected.includes(r.studentId)));
  const notSubmitted = notSubmittedRows(rows).map((r) => r.name);

  const counts = c && (
    <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
      {(
        [
          ['task.students', c.students],
          ['task.submitted', c.submitted],
          ['task.awaitingAi', c.awaitingAi],
          ['task.aiReviewed', c.aiCorrected],
          ['label.pendingReview', c.aiDone],
          ['task.approved', c.approved],
          ['label.awaitingRevision', c.revisionRequested],
          ['task.abnormal', c.abnormal],
          ['task.notSubmitted', c.notSubmitted],
        ] as const
      ).map(([key, value]) => (
        <Col key={key} xs={12} md={6} xl={3}>
          <Statistic title={t(key)} value={value} />
        </Col>
      ))}
      {list.data!.unmatchedImages > 0 && (
        <Col xs={12} md={6} xl={3}>
          {api.batch ? (
            <button type="button" className="zp-stat-button" onClick={() => setUnmatchedOpen(true)} aria-label={t('batch.openUnmatched')} data-testid="open-unmatched">
              <Statistic title={t('label.unmatchedImage')} value={list.data!.unmatchedImages} valueStyle={{ color: '#ad4e00' }} />
            </button>
          ) : (
            <Statistic title={t('label.unmatchedImage')} value={list.data!.unmatchedImages} valueStyle={{ color: '#ad4e00' }} />
          )}
        </Col>
      )}
    </Row>
  );

  const toolbar = review && task && (
    <div className="zp-writing-toolbar">
      <Space wrap>
        <Typography.Text type="secondary" data-testid="selection-count">
          {t('writingList.selected', { count: selected.length })}
        </Typography.Text>
        <Button icon={<RollbackOutlined />} disabled={chosenEssays.length === 0} onClick={() => setRevisionFor(chosenEssays)} data-testid="batch-revision">
          {t('writingList.batchRevision')}
        </Button>
        {props.onBatchReview && (
          <Button
            type="primary"
            icon={<FileDoneOutlined />}
            disabled={(selected.length ? chosenPending : pending).length === 0}
            onClick={() => props.onBatchReview!(task.id, klass.id, selected.length ? chosenPending : pending)}
            data-testid="batch-review"
          >
            {selected.length ? t('writingList.batchReviewSelected', { count: chosenPending.length }) : t('writingList.batchReviewAll', { count: pending.length })}
          </Button>
        )}
      </Space>
      <Space wrap>
        <ReminderButton api={{ review }} taskId={task.id} classId={klass.id} pending={notSubmitted} />
        <Button icon={<ProjectOutlined />} onClick={() => setEvaluation(true)} data-testid="open-evaluation">
          {t('evaluation.open')}
        </Button>
        <ExportButton api={{ review }} taskId={task.id} classId={klass.id} fileName={`${task.title}-${klass.name}`} />
        {props.onOpenReport && (
          <Button icon={<ProjectOutlined />} onClick={() => props.onOpenReport!(task.id, klass.id)} data-testid="open-report">
            {t('report.openReport')}
          </Button>
        )}
      </Space>
    </div>
  );

  const table = (
    <div ref={tableBox}>
    <Table<Row>
      size="small"
      rowKey="studentId"
      loading={list.loading && !list.data}
      dataSource={rows}
      pagination={{ pageSize: 50, hideOnSinglePage: true }}
      scroll={{ x: 1100 }}
      rowSelection={
        review
          ? {
              selectedRowKeys: selected,
              onChange: (keys) => setSelected(keys as number[]),
              getCheckboxProps: (r) => ({ disabled: r.essays.length === 0, 'data-testid': 'row-select' }) as object,
            }
          : undefined
      }
      columns={[
        { title: t('student.no'), dataIndex: 'studentNo', width: 72 },
        {
          title: t('student.name'),
          dataIndex: 'name',
          width: 110,
          render: (name: string, r) => {
            const e = latestEssay(r);
            return e && props.onOpenEssay ? (
              <Typography.Link onClick={() => props.onOpenEssay!(e.id, r)}>{name}</Typography.Link>
            ) : (
              name
            );
          },
        },
        {
          title: t('upload.status'),
          width: 170,
          render: (_, r) => {
            const e = latestEssay(r);
            return (
              <Space size={4} wrap>
                <EssayLabelTag label={r.label} />
                {e && isAiBusy(e.status) && (
                  <Tag icon={<LoadingOutlined />} color="processing" data-testid="ai-running">
                    {t(e.status === 'ai_running' ? 'writingList.aiRunning' : 'writingList.aiQueued')}
                  </Tag>
                )}
              </Space>
            );
          },
        },
        { title: t('upload.draft'), width: 90, render: (_, r) => (latestEssay(r) ? t(`upload.draft${Math.min(latestEssay(r)!.draft, 2)}` as 'upload.draft0') : '—') },
        { title: t('writing.aiScore'), width: 90, render: (_, r) => latestEssay(r)?.aiScore ?? '—' },
        { title: t('writing.teacherScore'), width: 90, render: (_, r) => latestEssay(r)?.teacherScore ?? '—' },
        { title: t('writing.wordCount'), width: 96, render: (_, r) => latestEssay(r)?.wordCount ?? '—' },
        // Month, day and time, on one line (the year and seconds in the tooltip): two full times made the
        // table wider than the page at 1440 px, and the fixed actions column covered the second one.
        { title: t('writing.submittedTime'), width: 112, onCell: noWrap, onHeaderCell: noWrap, render: (_, r) => shortTime(latestEssay(r)?.submittedTime) },
        { title: t('writing.auditTime'), width: 112, onCell: noWrap, onHeaderCell: noWrap, render: (_, r) => shortTime(latestEssay(r)?.auditTime) },
        {
          title: t('teaching.actions'),
          fixed: 'right',
          width: 170,
          render: (_, r) => {
            const e = latestEssay(r);
            return (
              <Space size={0} wrap>
                {e && props.onOpenEssay && (
                  <Button type="link" size="small" icon={<EditOutlined />} onClick={() => props.onOpenEssay!(e.id, r)} data-testid="open-essay">
                    {t('writingList.correct')}
                  </Button>
                )}
                {review && canCompareDrafts(r) && (
                  <Button type="link" size="small" icon={<DiffOutlined />} onClick={() => setCompare(r)} data-testid="compare-drafts">
                    {t('writingList.compare')}
                  </Button>
                )}
                {e && props.rowExtra?.(e, r)}
                {!e && props.onOpenStudent && task && (
                  <Button type="link" size="small" icon={<UploadOutlined />} onClick={() => props.onOpenStudent!(r, task.id, klass.id)}>
                    {t('writingList.upload')}
                  </Button>
                )}
              </Space>
            );
          },
        },
      ]}
    />
    </div>
  );

  return (
    <Card data-testid="writing-list" className="zp-writing-list">
      <style>{styles}</style>
      {!props.hidePicker && picker}
      {!task ? (
        <Empty description={t('upload.noTask')} />
      ) : (
        <>
          {counts}
          {list.busy && <Alert type="info" showIcon icon={<LoadingOutlined />} title={t('writingList.aiLive')} style={{ marginBottom: 12 }} data-testid="ai-live" />}
          {review ? (
            <AccessibleTabs
              activeKey={tab}
              onChange={(k) => setTab(k as 'list' | 'stats' | 'anchors')}
              items={[
                { key: 'list', label: t('writingList.tabList'), children: <>{toolbar}{table}</> },
                {
                  key: 'stats',
                  label: t('writingList.tabStats'),
                  children: (
                    <Suspense fallback={tabFallback}>
                      <WritingStats stats={stats.data} loading={stats.loading} />
                    </Suspense>
                  ),
                },
                ...(klass
                  ? [
                      {
                        key: 'anchors',
                        label: t('writingList.tabAnchors'),
                        children: (
                          <Suspense fallback={tabFallback}>
                            <AnchorCalibration api={{ review }} taskId={task.id} classId={klass.id} essays={anchorEssays} />
                          </Suspense>
                        ),
                      },
                    ]
                  : []),
              ]}
            />
          ) : (
            table
          )}
        </>
      )}
      {review && revisionFor && (
        <Suspense fallback={null}>
          <RevisionRequestModal
            api={{ review }}
            essayIds={revisionFor}
            nameOf={nameOfEssay}
            onClose={(changed) => {
              setRevisionFor(null);
              if (changed) {
                setSelected([]);
                void list.reload();
              }
            }}
          />
        </Suspense>
      )}
      {review && compare && task && (
        <Modal open width="min(1280px, 96vw)" footer={null} title={t('writingList.compareTitle')} onCancel={() => setCompare(null)} getContainer={props.getContainer} destroyOnHidden>
          <Suspense fallback={tabFallback}>
            <DraftsCompare api={{ review }} taskId={task.id} studentId={compare.studentId} getPopupContainer={props.getContainer} />
          </Suspense>
        </Modal>
      )}
      {api.batch && unmatchedOpen && task && klass && (
        <Suspense fallback={null}>
          <UnmatchedPages
            api={{ batch: api.batch }}
            taskId={task.id}
            classId={klass.id}
            students={rows.map((r) => ({ id: r.studentId, name: r.name, studentNo: r.studentNo }))}
            onClose={() => setUnmatchedOpen(false)}
            onChanged={() => void list.reload()}
            getContainer={props.getContainer}
          />
        </Suspense>
      )}
      {review && evaluation && task && (
        <Suspense fallback={null}>
          <ClassroomEvaluation api={{ review }} taskId={task.id} classId={klass.id} onClose={() => setEvaluation(false)} getContainer={props.getContainer} />
        </Suspense>
      )}
    </Card>
  );
}
