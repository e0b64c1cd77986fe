import { lazy, Suspense } from 'react';
import { Button, Card, Grid, Popover, Progress, Space, Spin, Tag, Tooltip, Typography } from 'antd';
import { AuditOutlined, BarChartOutlined, DeleteOutlined, EditOutlined, EyeOutlined, QrcodeOutlined } from '@ant-design/icons';
import type { Task } from '../../core/api/contracts/tasks';
import { useT } from '../i18n/i18n-context';
import { schoolTime } from '../../core/time/school-time';

// the QR code's encoder loads when a teacher opens the upload code, not with every card
const QrCodeCard = lazy(() => import('../common/QrCodeCard').then((m) => ({ default: m.QrCodeCard })));

export interface TaskCardActions {
  onOpen?(task: Task): void;
  onEdit?(task: Task): void;
  onDelete?(task: Task): void;
  onStatistics(task: Task): void;
  /** Start reviewing the essays the AI has corrected (shown while some wait for the teacher). */
  onReview?(task: Task): void;
}

/** One essay task on the board: times, status counts, upload QR code and the task's actions. */
export function TaskCard({ task, uploadUrl, readonly, ...actions }: TaskCardActions & { task: Task; uploadUrl: string; readonly?: boolean }) {
  const t = useT();
  // On phones the four actions show as icons with tooltips, or they do not fit one row.
  const compact = !Grid.useBreakpoint().sm;
  const label = (text: string) => (compact ? null : text);
  const c = task.counts;
  const pct = (n: number) => (c.students ? Math.round((n / c.students) * 100) : 0);
  const when = (iso: string) => schoolTime(iso);
  return (
    <Card
      size="small"
      className="zp-task-card"
      part="task-card"
      data-testid="task-card"
      data-task-id={task.id}
      title={
        <Space size={8} wrap>
          <Typography.Text strong ellipsis style={{ maxWidth: 360 }} title={task.title}>
            {task.title}
          </Typography.Text>
          <Tag color={task.status === 'released' ? 'green' : 'gold'}>{t(task.status === 'released' ? 'task.statusReleased' : 'task.statusScheduled')}</Tag>
        </Space>
      }
      extra={
        <Popover
          trigger="click"
          placement="left"
          content={
            <Suspense fallback={<Spin />}>
              <QrCodeCard value={uploadUrl} title={t('task.uploadQr')} description={t('task.uploadQrDesc')} />
            </Suspense>
          }
        >
          <Button size="small" icon={<QrcodeOutlined />} data-testid="task-qr" aria-label={t('task.uploadQr')}>
            {label(t('task.uploadQr'))}
          </Button>
        </Popover>
      }
      actions={[
        ...(actions.onReview && c.aiDone > 0
          ? [
              <Tooltip key="review" title={compact ? t('task.review', { n: c.aiDone }) : undefined}>
                <Button type="link" icon={<AuditOutlined />} onClick={() => actions.onReview?.(task)} data-testid="task-review" aria-label={t('task.review', { n: c.aiDone })}>
                  {label(t('task.review', { n: c.aiDone }))}
                </Button>
              </Tooltip>,
            ]
          : []),
        <Tooltip key="open" title={compact ? t('teaching.detail') : undefined}>
          <Button type="text" icon={<EyeOutlined />} onClick={() => actions.onOpen?.(task)} disabled={!actions.onOpen} aria-label={t('teaching.detail')}>
            {label(t('teaching.detail'))}
          </Button>
        </Tooltip>,
        <Tooltip key="stats" title={compact ? t('task.statistics') : undefined}>
          <Button type="text" icon={<BarChartOutlined />} onClick={() => actions.onStatistics(task)} aria-label={t('task.statistics')}>
            {label(t('task.statistics'))}
          </Button>
        </Tooltip>,
        ...(!readonly && task.canEdit
          ? [
              <Tooltip key="edit" title={compact ? t('task.modify') : undefined}>
                <Button type="text" icon={<EditOutlined />} onClick={() => actions.onEdit?.(task)} data-testid="task-edit" aria-label={t('task.modify')}>
                  {label(t('task.modify'))}
                </Button>
              </Tooltip>,
              <Tooltip key="delete" title={compact ? t('teaching.delete') : undefined}>
                <Button type="text" danger icon={<DeleteOutlined />} onClick={() => actions.onDelete?.(task)} data-testid="task-delete" aria-label={t('teaching.delete')}>
                  {label(t('teaching.delete'))}
                </Button>
              </Tooltip>,
            ]
          : []),
      ]}
    >
      <div className="zp-task-times">
        <span>
          {t('common.labelValue', { label: t('task.releaseTime'), value: when(task.releaseAt) })}
        </span>
        <span>
          {t('common.labelValue', { label: t('task.deadline'), value: when(task.deadline) })}
        </span>
      </div>
      <div className="zp-task-progress">
        <div>
          <Typography.Text type="secondary">{t('task.submitted')}</Typography.Text>
          <Progress percent={pct(c.submitted)} size="small" format={() => `${c.submitted}/${c.students}`} aria-label={t('task.submitted')} />
        </div>
        <div>
          <Typography.Text type="secondary">{t('task.aiReviewed')}</Typography.Text>
          <Progress percent={pct(c.aiCorrected)} size="small" strokeColor="#1677ff" format={() => `${c.aiCorrected}/${c.students}`} aria-label={t('task.aiReviewed')} />
        </div>
        <div>
          <Typography.Text type="secondary">{t('task.approved')}</Typography.Text>
          <Progress percent={pct(c.approved)} size="small" strokeColor="#52c41a" format={() => `${c.approved}/${c.students}`} aria-label={t('task.approved')} />
        </div>
      </div>
    </Card>
  );
}
