import { useEffect, useState } from 'react';
import { App, Modal, Radio, Space, Spin, Tag } from 'antd';
import { useNavigate } from 'react-router-dom';
import type { Identity } from '../../core/api/contracts/auth';
import { LOGIN_PATH } from '../../core/routes/route-table';
import { landingPath } from '../../core/session/landing';
import { useT } from '../../views/i18n/i18n-context';
import { useApp } from '../app-context';

/** Hook shared by the header dialog and /selectCharacter: switch identity, then land (product-rules.md#states). */
export function useSwitchIdentity() {
  const t = useT();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const { auth, session } = useApp();
  return async (identity: Identity, redirect?: string | null) => {
    try {
      const res = await auth.chooseRole({ permission: identity.permission, schoolId: identity.schoolId });
      session.signIn(res.token, res.user);
      await session.load();
      const u = res.user;
      navigate(redirect || landingPath({ limitStatus: u.limit.status, category: u.category, roleId: u.roleId }), { replace: true });
    } catch {
      void message.error(t('error.switchRoleFailed'));
      await session.logout({ callServer: false });
      navigate(LOGIN_PATH, { replace: true });
    }
  };
}

export function IdentityList(props: { identities: Identity[]; value: number | null; onChange(id: number): void }) {
  const t = useT();
  return (
    <Radio.Group value={props.value} onChange={(e) => props.onChange(e.target.value as number)} style={{ width: '100%' }}>
      <Space direction="vertical" style={{ width: '100%' }}>
        {props.identities.map((i) => (
          <Radio key={i.id} value={i.id} data-testid={`identity-${i.roleId}`}>
            <strong>{i.roleName}</strong> · {i.tname}
            {i.dname ? ` · ${i.dname}` : ''} · {i.schoolName} {i.current && <Tag color="red">{t('switchRole.current')}</Tag>}
          </Radio>
        ))}
      </Space>
    </Radio.Group>
  );
}

/** Header dialog: choose one of the user's identities and receive a new token. */
export function SwitchRoleModal({ open, onClose }: { open: boolean; onClose(): void }) {
  const t = useT();
  const { auth } = useApp();
  const switchTo = useSwitchIdentity();
  const [identities, setIdentities] = useState<Identity[] | null>(null);
  const [selected, setSelected] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    void auth.teacherRoles().then((list) => {
      setIdentities(list);
      setSelected(list.find((i) => i.current)?.id ?? null);
    });
  }, [auth]);

  return (
    <Modal
      title={t('switchRole.title')}
      open={open}
      onCancel={onClose}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      confirmLoading={busy}
      okButtonProps={{ disabled: !identities || selected === identities.find((i) => i.current)?.id }}
      onOk={async () => {
        const identity = identities?.find((i) => i.id === selected);
        if (!identity) return;
        setBusy(true);
        await switchTo(identity);
        setBusy(false);
        onClose();
      }}
    >
      {identities ? <IdentityList identities={identities} value={selected} onChange={setSelected} /> : <Spin />}
    </Modal>
  );
}
