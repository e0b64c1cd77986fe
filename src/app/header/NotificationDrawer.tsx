import { useCallback, useEffect, useState } from 'react';
import { App, Button, Drawer, Empty, List, Segmented, Tag, Typography } from 'antd';
import { RightOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import type { Notification } from '../../core/api/contracts/platform';
import { useT } from '../../views/i18n/i18n-context';
import { useApp } from '../app-context';
import { appPathOf } from './notification-link';

/**
 * Notification drawer: unread or all (isRead 0 / 2), mark one or all as read ('Read'); a notification
 * with a link (an essay's correction screen, a writing list) opens it and counts as read.
 */
export function NotificationDrawer({ open, onClose }: { open: boolean; onClose(): void }) {
  const t = useT();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { platform } = useApp();
  const [filter, setFilter] = useState<0 | 2>(0);
  const [items, setItems] = useState<Notification[]>([]);
  const [loading, setLoading] = useState(false);

  const reload = useCallback(async () => {
    setLoading(true);
    try {
      setItems(await platform.messages(filter));
    } finally {
      setLoading(false);
    }
  }, [filter, platform]);
  useEffect(() => {
    if (open) void reload();
  }, [open, reload]);

  const markRead = async (ids: number[]) => {
    if (ids.length === 0) return;
    await platform.markRead(ids);
    void message.success(t('header.read'));
    await reload();
  };
  const unreadIds = items.filter((n) => n.isRead === 0).map((n) => n.id);
  const openLink = async (n: Notification) => {
    const path = appPathOf(n.link);
    if (!path) return;
    if (n.isRead === 0) await platform.markRead([n.id]).catch(() => undefined);
    onClose();
    navigate(path);
  };

  return (
    <Drawer
      title={t('header.notifications')}
      open={open}
      onClose={onClose}
      width={380}
      extra={<Button size="small" disabled={unreadIds.length === 0} onClick={() => void markRead(unreadIds)}>{t('common.markAllRead')}</Button>}
    >
      <Segmented
        block
        value={filter}
        onChange={(v) => setFilter(v as 0 | 2)}
        options={[{ label: t('header.unread'), value: 0 }, { label: t('header.all'), value: 2 }]}
        style={{ marginBottom: 12 }}
      />
      <List
        loading={loading}
        dataSource={items}
        locale={{ emptyText: <Empty description={t('header.noNotifications')} /> }}
        renderItem={(n) => (
          <List.Item
            data-testid="notification"
            actions={n.isRead === 0 ? [<Button key="read" type="link" size="small" onClick={() => void markRead([n.id])}>{t('common.markRead')}</Button>] : [<Tag key="done">{t('common.read')}</Tag>]}
          >
            <List.Item.Meta
              title={
                appPathOf(n.link) ? (
                  <Typography.Link onClick={() => void openLink(n)} style={{ fontWeight: n.isRead === 0 ? 600 : 400 }} data-testid="notification-link">
                    {n.message} <RightOutlined style={{ fontSize: 10 }} />
                  </Typography.Link>
                ) : (
                  <span style={{ fontWeight: n.isRead === 0 ? 600 : 400 }}>{n.message}</span>
                )
              }
              description={n.updatedTime}
            />
          </List.Item>
        )}
      />
    </Drawer>
  );
}
