import { useEffect, useState } from 'react';
import { Button, Spin } from 'antd';
import { Navigate, useSearchParams } from 'react-router-dom';
import type { Identity } from '../../../core/api/contracts/auth';
import { LOGIN_PATH } from '../../../core/routes/route-table';
import { useSignalValue } from '../../../views/hooks/use-signal-value';
import { useT } from '../../../views/i18n/i18n-context';
import { useApp } from '../../app-context';
import { CenteredCard } from '../../components/CenteredCard';
import { safeRedirect } from '../../components/use-after-sign-in';
import { IdentityList, useSwitchIdentity } from '../../header/SwitchRoleModal';

/** After sign-in, a user with several identities picks the one to work as. */
export default function SelectCharacterPage() {
  const t = useT();
  const { auth, session } = useApp();
  const token = useSignalValue(session.token);
  const [params] = useSearchParams();
  const switchTo = useSwitchIdentity();
  const [identities, setIdentities] = useState<Identity[] | null>(null);
  const [selected, setSelected] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!token) return;
    void auth.teacherRoles().then((list) => {
      setIdentities(list);
      setSelected(list.find((i) => i.current)?.id ?? list[0]?.id ?? null);
    });
  }, [auth, token]);

  if (!token) return <Navigate to={LOGIN_PATH} replace />;
  return (
    <CenteredCard title={t('selectCharacter.title')}>
      {identities ? <IdentityList identities={identities} value={selected} onChange={setSelected} /> : <Spin />}
      <Button
        type="primary"
        block
        size="large"
        style={{ marginTop: 24 }}
        loading={busy}
        disabled={selected === null}
        onClick={async () => {
          const identity = identities?.find((i) => i.id === selected);
          if (!identity) return;
          setBusy(true);
          await switchTo(identity, safeRedirect(params.get('redirect')));
          setBusy(false);
        }}
      >
        {t('selectCharacter.enter')}
      </Button>
    </CenteredCard>
  );
}
