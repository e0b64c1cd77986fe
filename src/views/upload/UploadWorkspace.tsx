import { useEffect, useState } from 'react';
import { Card, Select, Space, Tabs, Typography } from 'antd';
import { H5_BASE_PATH } from '../../core/constants';
import type { ApiClient } from '../../core/api/client';
import type { ClassesApi } from '../../core/api/endpoints/classes';
import type { batchApi } from '../../core/api/endpoints/batch';
import type { EssaysApi } from '../../core/api/endpoints/essays';
import type { TasksApi } from '../../core/api/endpoints/tasks';
import { EmptyState } from '../common/EmptyState';
import { QrCodeCard } from '../common/QrCodeCard';
import { useAsync } from '../hooks/use-async';
import { useT } from '../i18n/i18n-context';
import { AnswerSheets } from './AnswerSheets';
import { BatchUpload } from './BatchUpload';
import { SingleUpload } from './SingleUpload';

export interface UploadWorkspaceProps {
  client: ApiClient;
  api: { classes: ClassesApi; tasks: TasksApi; essays: EssaysApi; batch: ReturnType<typeof batchApi> };
  taskId?: number;
  classId?: number;
  onSelect?(taskId: number, classId: number): void;
}

/**
 * The upload screen of spec §2: one student at a time, a batch PDF/ZIP matched to students
 * automatically, printable answer sheets, and the QR code students scan to upload from a phone.
 */
export function UploadWorkspace(props: UploadWorkspaceProps) {
  const t = useT();
  const { api } = props;
  const classes = useAsync(() => api.classes.list({ pageSize: 100 }).then((p) => p.list), [api.classes]);
  const [classId, setClassId] = useState(props.classId);
  const [taskId, setTaskId] = useState(props.taskId);
  const klass = classes.data?.find((c) => c.id === classId) ?? classes.data?.[0];
  const tasks = useAsync(() => (klass ? api.tasks.list({ classId: klass.id, pageSize: 100 }).then((p) => p.list) : Promise.resolve([])), [api.tasks, klass?.id]);
  const task = tasks.data?.find((x) => x.id === taskId) ?? tasks.data?.[0];
  const students = useAsync(() => (klass ? api.classes.students({ classId: klass.id, pageSize: 100 }).then((p) => p.list) : Promise.resolve([])), [api.classes, klass?.id]);

  useEffect(() => {
    if (task && klass && (task.id !== props.taskId || klass.id !== props.classId)) props.onSelect?.(task.id, klass.id);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [task?.id, klass?.id]);

  if (classes.loading && !classes.data) return <Card loading />;
  if (!klass) return <EmptyState text={t('class.empty')} />;
  const phoneUrl = task ? `${window.location.origin}${H5_BASE_PATH}/upload?taskId=${task.id}&classCode=${encodeURIComponent(klass.classCode)}` : '';

  return (
    <Card data-testid="upload-workspace">
      <Space wrap style={{ marginBottom: 12 }}>
        <span>{t('upload.class')}</span>
        <Select style={{ minWidth: 160 }} value={klass.id} onChange={(id) => { setClassId(id); setTaskId(undefined); }} options={classes.data!.map((c) => ({ value: c.id, label: c.name }))} />
        <span>{t('upload.task')}</span>
        <Select style={{ minWidth: 260 }} value={task?.id} onChange={setTaskId} options={(tasks.data ?? []).map((x) => ({ value: x.id, label: x.title }))} data-testid="upload-task" />
      </Space>
      {!task ? (
        <EmptyState text={t('upload.noTask')} />
      ) : (
        <Tabs
          items={[
            { key: 'single', label: t('upload.tabSingle'), children: <SingleUpload essays={api.essays} taskId={task.id} classId={klass.id} /> },
            {
              key: 'batch',
              label: t('upload.tabBatch'),
              children: <BatchUpload client={props.client} batch={api.batch} taskId={task.id} classId={klass.id} students={students.data ?? []} />,
            },
            {
              key: 'sheets',
              label: t('upload.tabSheets'),
              children: <AnswerSheets client={props.client} batch={api.batch} taskId={task.id} classId={klass.id} fileName={`${klass.name}-${task.title}-答题纸.pdf`} />,
            },
            {
              key: 'phone',
              label: t('upload.tabPhone'),
              children: (
                <Space align="start" wrap>
                  <QrCodeCard value={phoneUrl} title={t('task.uploadQr')} description={t('task.uploadQrDesc')} size={200} />
                  <Typography.Paragraph style={{ maxWidth: 420 }}>{t('phone.desc')}</Typography.Paragraph>
                </Space>
              ),
            },
          ]}
        />
      )}
    </Card>
  );
}
