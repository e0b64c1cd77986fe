import { Card, Col, Empty, Row, Statistic, Table } from 'antd';
import dayjs from 'dayjs';
import { DATE_FORMAT } from '../../core/constants';
import type { WritingList as WritingListData } from '../../core/api/contracts/essays';
import type { ClassesApi } from '../../core/api/endpoints/classes';
import type { EssaysApi } from '../../core/api/endpoints/essays';
import type { TasksApi } from '../../core/api/endpoints/tasks';
import { EmptyState } from '../common/EmptyState';
import { useClassTaskPicker } from '../common/use-class-task-picker';
import { useAsync } from '../hooks/use-async';
import { useT } from '../i18n/i18n-context';
import { EssayLabelTag } from '../upload/label-tag';

type Row = WritingListData['students'][number];

export interface WritingListProps {
  api: { classes: ClassesApi; tasks: TasksApi; essays: EssaysApi };
  taskId?: number;
  classId?: number;
  onSelect?(taskId: number, classId: number): void;
  /** Opens a student's essay (the correction panel arrives with the review feature). */
  onOpenStudent?(row: Row, taskId: number, classId: number): void;
}

/**
 * The class essay list (spec §2 writinglist): each student's status label, draft, scores, word count,
 * submission and audit times, with the class's counts on top.
 */
export function WritingList(props: WritingListProps) {
  const t = useT();
  const { api } = props;
  const { klass, task, loading, picker } = useClassTaskPicker({ api, classId: props.classId, taskId: props.taskId, onSelect: props.onSelect });
  const list = useAsync(() => (task && klass ? api.essays.list(task.id, klass.id) : Promise.resolve(null)), [api.essays, task?.id, klass?.id]);

  if (loading) return <Card loading />;
  if (!klass) return <EmptyState text={t('class.empty')} />;
  const c = list.data?.counts;
  const latest = (r: Row) => r.essays[r.essays.length - 1];

  return (
    <Card data-testid="writing-list">
      {picker}
      {!task ? (
        <Empty description={t('upload.noTask')} />
      ) : (
        <>
          {c && (
            <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
              {(
                [
                  ['task.students', c.students],
                  ['task.submitted', c.submitted],
                  ['task.aiReviewed', c.aiDone],
                  ['task.approved', c.approved],
                  ['task.abnormal', c.abnormal],
                  ['task.notSubmitted', c.notSubmitted],
                ] as const
              ).map(([key, value]) => (
                <Col key={key} xs={12} md={8} xl={4}>
                  <Statistic title={t(key)} value={value} />
                </Col>
              ))}
            </Row>
          )}
          <Table<Row>
            size="small"
            rowKey="studentId"
            loading={list.loading}
            dataSource={list.data?.students ?? []}
            pagination={{ pageSize: 20 }}
            scroll={{ x: 900 }}
            onRow={(row) => ({ onClick: () => props.onOpenStudent?.(row, task.id, klass.id), style: props.onOpenStudent ? { cursor: 'pointer' } : undefined })}
            columns={[
              { title: t('student.no'), dataIndex: 'studentNo', width: 80 },
              { title: t('student.name'), dataIndex: 'name' },
              { title: t('upload.status'), dataIndex: 'label', render: (l: Row['label']) => <EssayLabelTag label={l} /> },
              { title: t('upload.draft'), render: (_, r) => (latest(r) ? t(`upload.draft${latest(r)!.draft}` as 'upload.draft0') : '—') },
              { title: t('writing.aiScore'), render: (_, r) => latest(r)?.aiScore ?? '—' },
              { title: t('writing.teacherScore'), render: (_, r) => latest(r)?.teacherScore ?? '—' },
              { title: t('writing.wordCount'), render: (_, r) => latest(r)?.wordCount ?? '—' },
              { title: t('writing.submittedTime'), render: (_, r) => (latest(r) ? dayjs(latest(r)!.submittedTime).format(DATE_FORMAT) : '—') },
              { title: t('writing.auditTime'), render: (_, r) => (latest(r)?.auditTime ? dayjs(latest(r)!.auditTime!).format(DATE_FORMAT) : '—') },
            ]}
          />
        </>
      )}
    </Card>
  );
}
