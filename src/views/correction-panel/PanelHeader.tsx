import type { ReactNode } from 'react';
import { Button, Popover, Space, Tag, Tooltip, Typography } from 'antd';
import {
  CheckCircleOutlined,
  CheckOutlined,
  CloudSyncOutlined,
  DiffOutlined,
  EditOutlined,
  ExclamationCircleOutlined,
  EyeOutlined,
  LeftOutlined,
  QuestionCircleOutlined,
  RedoOutlined,
  RightOutlined,
  RollbackOutlined,
  UndoOutlined,
} from '@ant-design/icons';
import type { ReviewWorkspace } from '../../core/api/contracts/review';
import { useT } from '../i18n/i18n-context';
import { EssayLabelTag } from '../upload/label-tag';
import { headerLabel } from './header-label';
import { SHORTCUT_HELP } from './shortcuts';
import type { SaveState } from './use-review-draft';

export interface PanelHeaderProps {
  ws: ReviewWorkspace;
  mode: 'review' | 'ai';
  readonly: boolean;
  saveState: SaveState;
  busy: string | null;
  aiRunning: boolean;
  helpOpen: boolean;
  canCompare: boolean;
  onHelpOpen(open: boolean): void;
  onPrevious(): void;
  onNext(): void;
  onApprove(): void;
  /** characters of the transcript the OCR read with doubt: shown beside the approval, before it is given */
  doubtCount?: number;
  onCancelApproval(): void;
  onRerun(): void;
  /** read the pages again with the school's vision model (ws.correction.visionOcr), then the AI review */
  onVisionRead(): void;
  onRequestRevision(): void;
  onCancelRevision(): void;
  onCompare(): void;
  onRetrySave(): void;
  /** the host's own actions (CorrectionPanelProps.headerExtra) */
  extra?: ReactNode;
}

function SaveIndicator({ state, onRetry }: { state: SaveState; onRetry(): void }) {
  const t = useT();
  const map: Record<SaveState, { icon: ReactNode; text: string; cls: string }> = {
    saved: { icon: <CheckOutlined />, text: t('panel.saved'), cls: 'is-saved' },
    dirty: { icon: <EditOutlined />, text: t('panel.unsaved'), cls: 'is-dirty' },
    saving: { icon: <CloudSyncOutlined spin />, text: t('panel.saving'), cls: 'is-saving' },
    error: { icon: <ExclamationCircleOutlined />, text: t('panel.saveFailed'), cls: 'is-error' },
  };
  const s = map[state];
  return (
    <span className={`zp-cp-save ${s.cls}`} data-testid="cp-save-state" data-state={state} role="status">
      {s.icon} {s.text}
      {state === 'error' && (
        <Button size="small" type="link" onClick={onRetry}>
          {t('panel.retry')}
        </Button>
      )}
    </span>
  );
}

export function ShortcutHelpList() {
  const t = useT();
  return (
    <table className="zp-cp-keys" data-testid="cp-shortcuts">
      <tbody>
        {SHORTCUT_HELP.map((s) => (
          <tr key={s.action}>
            <td>
              {s.keys.map((k) => (
                <kbd key={k}>{k}</kbd>
              ))}
            </td>
            <td>{t(s.label)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <td colSpan={2}>{t('panel.keysNote')}</td>
        </tr>
      </tfoot>
    </table>
  );
}

/**
 * The panel's top bar: the student and task, previous / next classmate with the position in the
 * class, the save indicator, shortcut help, and the review actions (approve or cancel approval,
 * re-run AI, read again with the school's vision model when it has one, revised draft request and its cancellation, drafts compare).
 */
export function PanelHeader(props: PanelHeaderProps) {
  const t = useT();
  const { ws } = props;
  const { essay, review, revision } = ws;
  const label = headerLabel(essay.label, review.approved);
  const pending = revision?.status === 'pending' ? revision : null;
  const busy = props.busy !== null;

  return (
    <div className="zp-cp-header" part="panel-header" data-testid="cp-header">
      <div className="zp-cp-who">
        <Space.Compact>
          <Tooltip title={t('panel.previous')}>
            <Button icon={<LeftOutlined />} onClick={props.onPrevious} disabled={busy} aria-label={t('panel.previous')} data-testid="cp-previous" />
          </Tooltip>
          <Tooltip title={t('panel.next')}>
            <Button icon={<RightOutlined />} onClick={props.onNext} disabled={busy} aria-label={t('panel.next')} data-testid="cp-next" />
          </Tooltip>
        </Space.Compact>
        <div className="zp-cp-student">
          <div className="zp-cp-student-line">
            <Typography.Text strong className="zp-cp-name" data-testid="cp-student">
              {essay.studentName}
            </Typography.Text>
            {essay.studentNo && <Typography.Text type="secondary">{t('panel.studentNo', { no: essay.studentNo })}</Typography.Text>}
            {ws.total > 0 && (
              <Typography.Text type="secondary" data-testid="cp-position">
                {t('panel.position', { n: ws.position, total: ws.total })}
              </Typography.Text>
            )}
            <Tag bordered={false}>{t(`upload.draft${Math.min(2, essay.draft)}` as 'upload.draft0')}</Tag>
            {label && <EssayLabelTag label={label} />}
            {review.approved && (
              <Tag color="green" icon={<CheckCircleOutlined />} data-testid="cp-approved">
                {t('panel.approved')}
              </Tag>
            )}
            {pending && (
              <Tooltip title={pending.message || undefined}>
                <Tag color="purple" data-testid="cp-revision-pending">
                  {t(pending.mode === 'keep' ? 'panel.revisionPendingKeep' : 'panel.revisionPendingDiscard')}
                </Tag>
              </Tooltip>
            )}
          </div>
          <Typography.Text type="secondary" ellipsis className="zp-cp-task">
            {ws.className} · {ws.task.title}
          </Typography.Text>
        </div>
      </div>
      <div className="zp-cp-actions">
        {!props.readonly && <SaveIndicator state={props.saveState} onRetry={props.onRetrySave} />}
        <Popover content={<ShortcutHelpList />} title={t('panel.shortcuts')} trigger="click" open={props.helpOpen} onOpenChange={props.onHelpOpen} placement="bottomRight">
          <Button icon={<QuestionCircleOutlined />} aria-label={t('panel.shortcuts')} data-testid="cp-help" />
        </Popover>
        {props.canCompare && (
          <Button icon={<DiffOutlined />} onClick={props.onCompare} data-testid="cp-compare">
            {t('panel.compareDrafts')}
          </Button>
        )}
        {!props.readonly && (
          <>
            <Tooltip title={review.approved ? t('panel.cancelApprovalFirst') : t('panel.rerunHint')}>
              <Button icon={<RedoOutlined />} onClick={props.onRerun} loading={props.busy === 'rerun' || props.aiRunning} type={props.mode === 'ai' ? 'primary' : 'default'} ghost={props.mode === 'ai'} data-testid="cp-rerun">
                {t('panel.rerun')}
              </Button>
            </Tooltip>
            {ws.correction.visionOcr && (
              <Tooltip title={review.approved ? t('panel.cancelApprovalFirst') : t('panel.visionReadHint', { model: ws.correction.visionOcr.replace(/^vision:/, '') })}>
                <Button icon={<EyeOutlined />} onClick={props.onVisionRead} loading={props.busy === 'vision'} disabled={busy || props.aiRunning} data-testid="cp-vision-read">
                  {t('panel.visionRead')}
                </Button>
              </Tooltip>
            )}
            {pending ? (
              <Button icon={<UndoOutlined />} onClick={props.onCancelRevision} loading={props.busy === 'cancelRevision'} data-testid="cp-cancel-revision">
                {t('panel.cancelRevision')}
              </Button>
            ) : (
              essay.draft < 2 && (
                <Button icon={<RollbackOutlined />} onClick={props.onRequestRevision} disabled={busy} data-testid="cp-request-revision">
                  {t('panel.requestRevision')}
                </Button>
              )
            )}
            {review.approved ? (
              <Button icon={<UndoOutlined />} onClick={props.onCancelApproval} loading={props.busy === 'cancelApproval'} data-testid="cp-cancel-approval">
                {t('panel.cancelApproval')}
              </Button>
            ) : (
              <>
              {props.doubtCount ? (
                <Tooltip title={t('ocr.approveDoubtContent')}>
                  <Tag color="warning" data-testid="cp-doubt-warning">
                    {t('ocr.doubtCount', { count: props.doubtCount })}
                  </Tag>
                </Tooltip>
              ) : null}
              <Tooltip title={t('panel.approveHint')}>
                <Button type="primary" icon={<CheckOutlined />} onClick={props.onApprove} loading={props.busy === 'approve'} disabled={props.aiRunning} data-testid="cp-approve">
                  {t('panel.approve')}
                </Button>
              </Tooltip>
              </>
            )}
          </>
        )}
        {props.extra}
      </div>
    </div>
  );
}
