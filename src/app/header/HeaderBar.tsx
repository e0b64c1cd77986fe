import { useState } from 'react';
import { App, Avatar, Badge, Dropdown, Layout } from 'antd';
import { BellOutlined, DownOutlined, UserOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { ROLE } from '../../core/constants';
import { LOGIN_PATH } from '../../core/routes/route-table';
import { useSignalValue } from '../../views/hooks/use-signal-value';
import { useT } from '../../views/i18n/i18n-context';
import { useApp } from '../app-context';
import { AiReviewModal } from './AiReviewModal';
import { ChangePasswordModal } from './ChangePasswordModal';
import { NotificationDrawer, useUnreadCount } from './NotificationDrawer';
import { SwitchRoleModal } from './SwitchRoleModal';

type Dialog = 'password' | 'role' | 'ai' | null;

/**
 * Header of spec §2: welcome line with the department, notification drawer, and the user menu
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

  const viaBasicData = user.hideLogout;
  const items = [
    { key: 'phone', label: t('header.phone', { phone: user.phone ?? '—' }), disabled: true },
    { type: 'divider' as const },
    ...(user.roleId !== ROLE.principal ? [{ key: 'ai', label: t('header.setAiReview') }] : []),
    { key: 'password', label: t('header.changePassword') },
    ...(user.identityCount > 1 ? [{ key: 'role', label: t('header.switchRole') }] : []),
    ...(!viaBasicData ? [{ type: 'divider' as const }, { key: 'logout', label: t('header.logout'), danger: true }] : []),
  ];

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
