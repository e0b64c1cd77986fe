import { Alert, Button, Empty, Spin, Tag, Typography } from 'antd';
import { CloseOutlined } from '@ant-design/icons';
import type { UpgradeResult } from '../../core/api/contracts/upgrade';
import { useAsync } from '../hooks/use-async';
import { useT } from '../i18n/i18n-context';

/**
 * 升格 suggestions for the selected sentence or paragraph: up to three rewrites (from the local lists,
 * and the model service when the school runs one), each with what changed and a button that inserts it
 * into the teacher's comment. Loaded only when the teacher asks (a lazy chunk of the panel).
 */
export default function UpgradeSuggestions(props: { load(): Promise<UpgradeResult>; excerpt: string; onInsert(text: string): void; onClose(): void }) {
  const t = useT();
  const res = useAsync(props.load, [props.excerpt]);
  return (
    <div className="zp-cp-upgrade" data-testid="cp-upgrade" aria-live="polite">
      <div className="zp-cp-selection-head">
        <Typography.Text strong>{t('panel.upgradeTitle')}</Typography.Text>
        <Button size="small" type="text" icon={<CloseOutlined />} aria-label={t('common.cancel')} onClick={props.onClose} />
      </div>
      {res.loading && !res.data ? (
        <Spin size="small" />
      ) : res.error ? (
        <Alert type="error" showIcon message={res.error instanceof Error ? res.error.message : t('panel.upgradeFailed')} />
      ) : !res.data?.suggestions.length ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('panel.upgradeNone')} />
      ) : (
        <ol className="zp-cp-upgrade-list">
          {res.data.suggestions.map((s, i) => (
            <li key={i} data-testid="cp-upgrade-item">
              <div className="zp-cp-upgrade-text">{s.text}</div>
              <div className="zp-cp-upgrade-foot">
                <Typography.Text type="secondary">{s.note}</Typography.Text>
                <Tag bordered={false}>{s.source === 'model' ? t('panel.upgradeModel') : t('panel.upgradeLocal')}</Tag>
                <Button size="small" onClick={() => props.onInsert(t('panel.upgradeInsert', { from: props.excerpt, to: s.text }))} data-testid="cp-upgrade-insert">
                  {t('panel.insertComment')}
                </Button>
              </div>
            </li>
          ))}
        </ol>
      )}
      {res.data?.service === 'modelFailed' && <Typography.Text type="secondary">{t('panel.upgradeModelDown')}</Typography.Text>}
    </div>
  );
}
