import { useState } from 'react';
import { App, Avatar, Badge, Dropdown, Layout, type MenuProps } from 'antd';
import { BellOutlined, DownOutlined, UserOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { LOGIN_PATH } from '../../core/routes/route-table';
import { useSignalValue } from '../../views/hooks/use-signal-value';
import { useT } from '../../views/i18n/i18n-context';
import { useApp } from '../app-context';
import { AiReviewModal } from './AiReviewModal';
import { ChangePasswordModal } from './ChangePasswordModal';
import { NotificationDrawer, useUnreadCount } from './NotificationDrawer';
import { SwitchRoleModal } from './SwitchRoleModal';
import { userMenuKeys } from './user-menu-keys';

type Dialog = 'password' | 'role' | 'ai' | null;
type MenuItem = NonNullable<MenuProps['items']>[number];

/**
 * Header of product-rules.md#screens: welcome line with the department, notification drawer, and the user menu
 * (phone, set AI review, change password, switch role, logout). Logout is hidden for users signed
 * in through the basic-data platform; role 7 (principal) does not get the AI review setting.
 */
export function HeaderBar() {
  const t = useT();
  const navigate = useNavigate();
  const { modal } = App.useApp();
  const { session } = useApp();
  const user = useSignalValue(session.user);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const unread = useUnreadCount(drawerOpen);
  if (!user) return null;

  const keys = userMenuKeys({ roleId: user.roleId, identityCount: user.identityCount, hideLogout: user.hideLogout, limitStatus: user.limit.status });
  const labels: Record<Exclude<(typeof keys)[number], 'phone'>, string> = {
    ai: t('header.setAiReview'),
    password: t('header.changePassword'),
    role: t('header.switchRole'),
    logout: t('header.logout'),
  };
  const items = keys.flatMap((key): MenuItem[] =>
    key === 'phone'
      ? [{ key, label: t('header.phone', { phone: user.phone ?? '—' }), disabled: true }, { type: 'divider' }]
      : key === 'logout'
        ? [{ type: 'divider' }, { key, label: labels[key], danger: true }]
        : [{ key, label: labels[key] }],
  );

  const onMenu = ({ key }: { key: string }) => {
    if (key === 'logout') {
      modal.confirm({
        title: t('header.logout'),
        content: t('header.logoutConfirm'),
        okText: t('common.ok'),
        cancelText: t('common.cancel'),
        onOk: async () => {
          await session.logout();
          navigate(LOGIN_PATH, { replace: true });
        },
      });
    } else if (key === 'password' || key === 'role' || key === 'ai') setDialog(key);
  };

  return (
    <Layout.Header className="zp-header">
      <div className="zp-header-welcome" data-testid="welcome">
        <strong>{t('app.welcome', { name: user.realname })}</strong>
        <span className="zp-welcome-dept">{t('app.welcomeDept', { dept: user.dept ?? user.schoolName })}</span>
      </div>
      <div className="zp-header-actions">
        <Badge count={unread} size="small">
          <BellOutlined style={{ fontSize: 18, cursor: 'pointer' }} onClick={() => setDrawerOpen(true)} aria-label={t('header.notifications')} data-testid="bell" />
        </Badge>
        <Dropdown menu={{ items, onClick: onMenu }} trigger={['click']}>
          <span className="zp-header-user" data-testid="user-menu">
            <Avatar size="small" icon={<UserOutlined />} src={user.avatar ?? undefined} style={{ background: '#c21939' }} />
            <span>{user.realname}</span>
            <DownOutlined style={{ fontSize: 10 }} />
          </span>
        </Dropdown>
      </div>
      <NotificationDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} />
      <ChangePasswordModal open={dialog === 'password'} onClose={() => setDialog(null)} />
      {dialog === 'role' && <SwitchRoleModal open onClose={() => setDialog(null)} />}
      {dialog === 'ai' && <AiReviewModal open onClose={() => setDialog(null)} />}
    </Layout.Header>
  );
}
