import { useMemo, useState, type HTMLAttributes } from 'react';
import { Button, Card, Segmented, Space, Table, Tag, Typography } from 'antd';
import { LoadingOutlined, RightOutlined } from '@ant-design/icons';
import type { ClassesApi } from '../../core/api/endpoints/classes';
import type { EssaysApi } from '../../core/api/endpoints/essays';
import type { TasksApi } from '../../core/api/endpoints/tasks';
import { EmptyState } from '../common/EmptyState';
import { useClassTaskPicker } from '../common/use-class-task-picker';
import { useT } from '../i18n/i18n-context';
import { EssayLabelTag } from '../upload/label-tag';
import { isAiBusy, latestEssay, type WritingRow } from '../writing-list/list-model';
import { useLiveWritingList } from '../writing-list/use-live-list';
import { schoolTime } from '../../core/time/school-time';

type Filter = 'all' | 'pendingReview' | 'reviewed' | 'abnormal';

export interface CorrectionListProps {
  api: { classes: ClassesApi; tasks: TasksApi; essays: EssaysApi };
  taskId?: number;
  classId?: number;
  onSelect?(taskId: number, classId: number): void;
  /** opens an essay in the correction panel */
  onOpen(essayId: number): void;
}

/**
 * /homework/correctCommentList: the class's essays of a task to correct one after the other — each
 * student's latest draft with its status, AI and teacher scores; a click opens the correction panel,
 * "start" opens the first essay waiting for review. Essays the AI is still on show a spinner.
 */
export function CorrectionList(props: CorrectionListProps) {
  const t = useT();
  const { api } = props;
  const { klass, task, loading, picker } = useClassTaskPicker({ api, classId: props.classId, taskId: props.taskId, onSelect: props.onSelect });
  const list = useLiveWritingList(api.essays, task?.id, klass?.id);
  const [filter, setFilter] = useState<Filter>('all');

  const rows = useMemo(() => (list.data?.students ?? []).filter((r) => r.essays.length > 0), [list.data]);
  const shown = filter === 'all' ? rows : rows.filter((r) => r.label === filter);
  const firstPending = rows.map(latestEssay).find((e) => e?.status === 'ai_done');

  if (loading) return <Card loading />;
  if (!klass) return <EmptyState text={t('class.empty')} />;
  return (
    <Card data-testid="correction-list">
      <div className="zp-cl-bar" style={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: 8 }}>
        {picker}
        <Space wrap style={{ marginBottom: 12 }}>
          <Segmented<Filter>
            value={filter}
            onChange={setFilter}
            options={(['all', 'pendingReview', 'reviewed', 'abnormal'] as const).map((f) => ({
              value: f,
              label: `${f === 'all' ? t('panel.listAll') : t(`label.${f}`)} ${f === 'all' ? rows.length : rows.filter((r) => r.label === f).length}`,
            }))}
          />
          <Button type="primary" icon={<RightOutlined />} disabled={!firstPending} onClick={() => firstPending && props.onOpen(firstPending.id)} data-testid="cl-start">
            {t('panel.listStart')}
          </Button>
        </Space>
      </div>
      {!task ? (
        <EmptyState text={t('upload.noTask')} />
      ) : (
        <Table<WritingRow>
          size="small"
          rowKey="studentId"
          loading={list.loading && !list.data}
          dataSource={shown}
          pagination={{ pageSize: 30, hideOnSinglePage: true }}
          scroll={{ x: 760 }}
          locale={{ emptyText: t('panel.listEmpty') }}
          onRow={(row) => {
            const e = latestEssay(row);
            return { onClick: () => e && props.onOpen(e.id), style: { cursor: 'pointer' }, 'data-testid': 'cl-row' } as HTMLAttributes<HTMLElement>;
          }}
          columns={[
            { title: t('student.no'), dataIndex: 'studentNo', width: 72 },
            { title: t('student.name'), dataIndex: 'name', render: (name: string) => <Typography.Text strong>{name}</Typography.Text> },
            {
              title: t('upload.status'),
              render: (_, r) => (
                <Space size={4}>
                  <EssayLabelTag label={r.label} />
                  {isAiBusy(latestEssay(r)?.status) && (
                    <Tag icon={<LoadingOutlined />} color="processing" bordered={false}>
                      {t('panel.aiRunning')}
                    </Tag>
                  )}
                </Space>
              ),
            },
            { title: t('upload.draft'), render: (_, r) => t(`upload.draft${Math.min(2, latestEssay(r)?.draft ?? 0)}` as 'upload.draft0') },
            { title: t('writing.aiScore'), render: (_, r) => latestEssay(r)?.aiScore ?? '—' },
            { title: t('writing.teacherScore'), render: (_, r) => latestEssay(r)?.teacherScore ?? '—' },
            { title: t('writing.wordCount'), render: (_, r) => latestEssay(r)?.wordCount ?? '—' },
            { title: t('writing.submittedTime'), render: (_, r) => schoolTime(latestEssay(r)?.submittedTime) },
            {
              title: '',
              width: 90,
              render: (_, r) => (
                <Button
                  size="small"
                  type="link"
                  onClick={(e) => {
                    e.stopPropagation();
                    props.onOpen(latestEssay(r)!.id);
                  }}
                >
                  {r.label === 'reviewed' ? t('panel.listView') : t('panel.listCorrect')}
                </Button>
              ),
            },
          ]}
        />
      )}
    </Card>
  );
}
