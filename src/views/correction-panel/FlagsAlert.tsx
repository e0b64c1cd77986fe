import { Alert, Button, Space, Tag, Typography } from 'antd';
import { CloudUploadOutlined, ThunderboltOutlined } from '@ant-design/icons';
import type { ReviewWorkspace } from '../../core/api/contracts/review';
import { useT } from '../i18n/i18n-context';
import { CopyEvidence } from './CopyEvidence';

type Flag = ReviewWorkspace['correction']['flags'][number];

export interface FlagsAlertProps {
  flags: Flag[];
  abnormal: boolean;
  insisted: boolean;
  readonly: boolean;
  busy: boolean;
  canReupload: boolean;
  onInsist(): void;
  onReupload(): void;
  onHoverFlag(ranges: Array<[number, number]> | null): void;
}

/**
 * Abnormal flags (product-rules.md#states) with the evidence the engine found, and the two ways on: correct anyway
 * (results may be less accurate) or upload the pages again.
 */
export function FlagsAlert(props: FlagsAlertProps) {
  const t = useT();
  if (!props.flags.length) return null;
  return (
    <Alert
      className="zp-cp-flags"
      type={props.abnormal ? 'error' : 'warning'}
      showIcon
      data-testid="cp-flags"
      message={props.abnormal ? t('panel.abnormal') : t('panel.flagged')}
      description={
        <div>
          <ul className="zp-cp-flag-list" onMouseLeave={() => props.onHoverFlag(null)}>
            {props.flags.map((f, i) => (
              <li key={`${f.code}-${i}`} onMouseEnter={() => props.onHoverFlag(f.ranges.length ? f.ranges : null)}>
                <Tag color="red" bordered={false}>
                  {f.label}
                </Tag>
                <Typography.Text>{f.evidence}</Typography.Text>
                {f.page !== undefined && (
                  <Typography.Text type="secondary"> · {t('panel.pageN', { n: f.page + 1 })}</Typography.Text>
                )}
                {f.match && <CopyEvidence match={f.match} />}
              </li>
            ))}
          </ul>
          {props.insisted && <Typography.Text type="secondary">{t('panel.insisted')}</Typography.Text>}
        </div>
      }
      action={
        props.abnormal &&
        !props.readonly && (
          <Space direction="vertical" size={6}>
            <Button size="small" type="primary" danger ghost icon={<ThunderboltOutlined />} loading={props.busy} onClick={props.onInsist} data-testid="cp-insist">
              {t('panel.insist')}
            </Button>
            {props.canReupload && (
              <Button size="small" block icon={<CloudUploadOutlined />} onClick={props.onReupload} data-testid="cp-reupload">
                {t('panel.reupload')}
              </Button>
            )}
          </Space>
        )
      }
    />
  );
}
