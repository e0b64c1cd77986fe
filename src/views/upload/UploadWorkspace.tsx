import { Card, Space, Typography } from 'antd';
import type { ApiClient } from '../../core/api/client';
import type { ClassesApi } from '../../core/api/endpoints/classes';
import type { batchApi } from '../../core/api/endpoints/batch';
import type { EssaysApi } from '../../core/api/endpoints/essays';
import type { TasksApi } from '../../core/api/endpoints/tasks';
import { EmptyState } from '../common/EmptyState';
import { QrCodeCard } from '../common/QrCodeCard';
import { useClassTaskPicker } from '../common/use-class-task-picker';
import { useAsync } from '../hooks/use-async';
import { useT } from '../i18n/i18n-context';
import { AnswerSheets } from './AnswerSheets';
import { BatchUpload } from './BatchUpload';
import { SingleUpload } from './SingleUpload';
import { AccessibleTabs } from '../common/AccessibleTabs';
import { h5UploadPath, h5Url } from '../../core/domain/h5-links';

export interface UploadWorkspaceProps {
  client: ApiClient;
  api: { classes: ClassesApi; tasks: TasksApi; essays: EssaysApi; batch: ReturnType<typeof batchApi> };
  taskId?: number;
  classId?: number;
  /** The student the teacher came to upload for (the class essay list's 上传): their pages open at once. */
  studentId?: number;
  onSelect?(taskId: number, classId: number): void;
  /** origin of the zhipi server the phone QR code points at (in a partner portal: the API origin); default this page's */
  origin?: string;
}

/**
 * The upload screen of product-rules.md#screens: one student at a time, a batch PDF/ZIP matched to students
 * automatically, printable answer sheets, and the QR code students scan to upload from a phone.
 */
export function UploadWorkspace(props: UploadWorkspaceProps) {
  const t = useT();
  const { api } = props;
  const { klass, task, loading, picker } = useClassTaskPicker({ api, classId: props.classId, taskId: props.taskId, onSelect: props.onSelect });
  const students = useAsync(() => (klass ? api.classes.students({ classId: klass.id, pageSize: 100 }).then((p) => p.list) : Promise.resolve([])), [api.classes, klass?.id]);

  if (loading) return <Card loading />;
  if (!klass) return <EmptyState text={t('class.empty')} />;
  const phoneUrl = task ? h5Url(props.origin ?? window.location.origin, h5UploadPath({ taskId: task.id, classCode: klass.classCode })) : '';

  return (
    <Card data-testid="upload-workspace">
      {picker}
      {!task ? (
        <EmptyState text={t('upload.noTask')} />
      ) : (
        <AccessibleTabs
          items={[
            { key: 'single', label: t('upload.tabSingle'), children: <SingleUpload essays={api.essays} taskId={task.id} classId={klass.id} studentId={task.id === props.taskId && klass.id === props.classId ? props.studentId : undefined} /> },
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
