import { Button, Drawer, Switch, Typography } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { PRIMARY_COLOR } from '../../core/constants';
import { useT } from '../../views/i18n/i18n-context';

export interface LayoutSettings {
  collapsed: boolean;
  multiTab: boolean;
}

/** Layout settings for developers; the shell renders it only outside production (product-rules.md#screens). */
export function SettingDrawer(props: { settings: LayoutSettings; onChange(settings: LayoutSettings): void }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button className="zp-setting-handle" type="primary" icon={<SettingOutlined />} onClick={() => setOpen(true)} aria-label={t('header.settings')} />
      <Drawer title={t('settings.title')} open={open} onClose={() => setOpen(false)} width={300}>
        <p>
          <Switch checked={props.settings.collapsed} onChange={(collapsed) => props.onChange({ ...props.settings, collapsed })} /> {t('settings.collapsed')}
        </p>
        <p>
          <Switch checked={props.settings.multiTab} onChange={(multiTab) => props.onChange({ ...props.settings, multiTab })} /> {t('settings.multiTab')}
        </p>
        <p>
          {t('settings.primary')}: <Typography.Text code>{PRIMARY_COLOR}</Typography.Text>
        </p>
        <Typography.Paragraph type="secondary">{t('settings.note')}</Typography.Paragraph>
      </Drawer>
    </>
  );
}
