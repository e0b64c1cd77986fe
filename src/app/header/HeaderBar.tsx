import { lazy, Suspense, useState } from 'react';
import { App, Avatar, Badge, Dropdown, Layout, type MenuProps } from 'antd';
import { BellOutlined, DownOutlined, UserOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { LOGIN_PATH } from '../../core/routes/route-table';
import { useSignalValue } from '../../views/hooks/use-signal-value';
import { useT } from '../../views/i18n/i18n-context';
import { useApp } from '../app-context';
import { useUnreadCount } from './unread-count';
import { userMenuKeys } from './user-menu-keys';

// The drawer and the dialogs (forms, radios, lists) load on first use: no first screen shows them.
const AiReviewModal = lazy(() => import('./AiReviewModal').then((m) => ({ default: m.AiReviewModal })));
const ChangePasswordModal = lazy(() => import('./ChangePasswordModal').then((m) => ({ default: m.ChangePasswordModal })));
const NotificationDrawer = lazy(() => import('./NotificationDrawer').then((m) => ({ default: m.NotificationDrawer })));
const SwitchRoleModal = lazy(() => import('./SwitchRoleModal').then((m) => ({ default: m.SwitchRoleModal })));

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
  // once opened, the drawer and the password dialog stay mounted so they can animate closed
  const [drawerUsed, setDrawerUsed] = useState(false);
  const [passwordUsed, setPasswordUsed] = useState(false);
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
    } else if (key === 'password' || key === 'role' || key === 'ai') {
      if (key === 'password') setPasswordUsed(true);
      setDialog(key);
    }
  };

  return (
    <Layout.Header className="zp-header">
      <div className="zp-header-welcome" data-testid="welcome">
        <strong>{t('app.welcome', { name: user.realname })}</strong>
        <span className="zp-welcome-dept">{t('app.welcomeDept', { dept: user.dept ?? user.schoolName })}</span>
      </div>
      <div className="zp-header-actions">
        <Badge count={unread} size="small">
          <BellOutlined style={{ fontSize: 18, cursor: 'pointer' }} onClick={() => {
              setDrawerUsed(true);
              setDrawerOpen(true);
            }} aria-label={t('header.notifications')} data-testid="bell" />
        </Badge>
        <Dropdown menu={{ items, onClick: onMenu }} trigger={['click']}>
          <span className="zp-header-user" data-testid="user-menu">
            <Avatar size="small" icon={<UserOutlined />} src={user.avatar ?? undefined} style={{ background: '#c21939' }} />
            <span>{user.realname}</span>
            <DownOutlined style={{ fontSize: 10 }} />
          </span>
        </Dropdown>
      </div>
      <Suspense fallback={null}>
        {drawerUsed && <NotificationDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} />}
        {passwordUsed && <ChangePasswordModal open={dialog === 'password'} onClose={() => setDialog(null)} />}
        {dialog === 'role' && <SwitchRoleModal open onClose={() => setDialog(null)} />}
        {dialog === 'ai' && <AiReviewModal open onClose={() => setDialog(null)} />}
      </Suspense>
    </Layout.Header>
  );
}
