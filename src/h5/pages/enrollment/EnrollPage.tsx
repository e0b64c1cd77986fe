import { useMemo, useState } from 'react';
// antd-mobile by path (the index's chunk carries ErrorBlock and Toast into the first load); ErrorBlock
// loads when shown.
import Button from 'antd-mobile/es/components/button';
import Card from 'antd-mobile/es/components/card';
import DotLoading from 'antd-mobile/es/components/dot-loading';
import Form from 'antd-mobile/es/components/form';
import Input from 'antd-mobile/es/components/input';
import Radio from 'antd-mobile/es/components/radio';
import Result from 'antd-mobile/es/components/result';
import Selector from 'antd-mobile/es/components/selector';
import Space from 'antd-mobile/es/components/space';
import TextArea from 'antd-mobile/es/components/text-area';
import { H5NavBar } from '../H5NavBar';
import { useSearchParams } from 'react-router-dom';
import { CHINA_MOBILE, ID_NUMBER } from '../../../core/api/contracts/enrollment';
import { enrollmentH5Api } from '../../../core/api/endpoints/enrollment';
import { solvePowChallenge } from '../../../core/security/solve-challenge';
import type { MessageKey } from '../../../core/i18n';
import { gradeLabel } from '../../../views/common/use-grade-options';
import { useAsync } from '../../../views/hooks/use-async';
import { useLang, useT } from '../../../views/i18n/i18n-context';
import { useH5 } from '../../h5-context';
import { LazyErrorBlock } from '../LazyErrorBlock';
import { schoolTime } from '../../../core/time/school-time';

interface Values {
  childName: string;
  gender: 1 | 2;
  grade: number[];
  idNumber: string;
  guardianName: string;
  relation: string[];
  phone: string;
  currentSchool?: string;
  address?: string;
  remark?: string;
}

/** The birth date a valid-looking ID number carries (the server checks the number and that they agree). */
const birthOf = (id: string) => (ID_NUMBER.test(id.trim()) ? `${id.slice(6, 10)}-${id.slice(10, 12)}-${id.slice(12, 14)}` : '');

/**
 * `/teaching/h5/enroll?key=` (the notice's QR code): the school's enrollment notice and the parents'
 * registration form. Checked here for quick feedback and again on the server, which also refuses a
 * duplicate and keeps only a masked ID number.
 */
export default function EnrollPage() {
  const t = useT();
  const lang = useLang();
  const { client } = useH5();
  const api = useMemo(() => enrollmentH5Api(client), [client]);
  const [params] = useSearchParams();
  const key = (params.get('key') ?? '').trim();
  const notice = useAsync(() => (key ? api.notice(key) : Promise.resolve(null)), [api, key]);
  const [form] = Form.useForm<Values>();
  const [done, setDone] = useState<{ childName: string; idMasked: string; phoneMasked: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const n = notice.data;

  if (!key || (!n && !notice.loading)) return <LazyErrorBlock status="empty" title={t('enroll.h5.missing')} description="" />;
  if (!n) return <DotLoading />;
  const fmt = (d: string) => schoolTime(d, 'YYYY-MM-DD HH:mm');

  const submit = async (v: Values) => {
    setBusy(true);
    setError(null);
    try {
      const challenge = await api.challenge();
      const sent = await api.register({
        key,
        captchaId: challenge.uuid,
        captchaCode: await solvePowChallenge(challenge.challenge),
        childName: v.childName.trim(),
        gender: v.gender,
        grade: v.grade[0]!,
        birthDate: birthOf(v.idNumber),
        idNumber: v.idNumber.trim().toUpperCase(),
        guardianName: v.guardianName.trim(),
        relation: t(`enroll.h5.relation.${v.relation[0] ?? 'other'}` as MessageKey),
        phone: v.phone.trim(),
        currentSchool: v.currentSchool ?? '',
        address: v.address ?? '',
        remark: v.remark ?? '',
      });
      setDone(sent);
    } catch (err) {
      setError((err as { message?: string }).message ?? t('error.network' as MessageKey));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div data-testid="h5-enroll">
      <H5NavBar>{t('enroll.h5.title')}</H5NavBar>
      <Card style={{ margin: 8 }} title={<span style={{ whiteSpace: 'normal' }}>{n.title}</span>}>
        <div style={{ fontSize: 14, lineHeight: 1.7 }}>
          <div>{n.schoolName}</div>
          <div>{t('enroll.f.grades')}: {n.grades.map((g) => gradeLabel(g, lang)).join('、')} · {t('enroll.h5.places', { places: n.places })}</div>
          <div>{t('enroll.h5.window', { from: fmt(n.opensAt), to: fmt(n.closesAt) })}</div>
          {n.requirements && <div style={{ whiteSpace: 'pre-wrap', marginTop: 6 }}>{n.requirements}</div>}
          {n.contact && <div style={{ color: '#888', marginTop: 6 }}>{t('enroll.f.contact')}: {n.contact}</div>}
        </div>
      </Card>
      {done ? (
        <Result status="success" title={t('enroll.h5.done')} description={`${done.childName} · ${done.idMasked} · ${t('enroll.h5.doneHelp', { phone: done.phoneMasked })}`} data-testid="h5-enroll-done" />
      ) : !n.open ? (
        <LazyErrorBlock status="disconnected" title={n.state === 'notYet' ? t('enroll.h5.notYet') : t('enroll.h5.closed')} description="" />
      ) : (
        <Form
          form={form}
          layout="vertical"
          onFinish={(v) => void submit(v)}
          initialValues={{ gender: 1, grade: n.grades.length === 1 ? [n.grades[0]] : [], relation: ['father'] }}
          footer={
            <>
              {error && <div style={{ color: 'var(--adm-color-danger)', marginBottom: 8 }} data-testid="h5-enroll-error">{error}</div>}
              <div style={{ color: '#999', fontSize: 12, marginBottom: 8 }}>{t('enroll.h5.privacy')}</div>
              <Button block type="submit" color="primary" size="large" loading={busy} data-testid="h5-enroll-submit">{t('enroll.h5.submit')}</Button>
            </>
          }
        >
          <Form.Item name="childName" label={t('enroll.f.child')} rules={[{ required: true, whitespace: true, message: t('enroll.childNameRequired') }]}>
            <Input maxLength={20} data-testid="h5-enroll-child" />
          </Form.Item>
          <Form.Item name="gender" label={t('enroll.f.gender')}>
            <Radio.Group>
              <Space>
                <Radio value={1}>{t('enroll.gender.1')}</Radio>
                <Radio value={2}>{t('enroll.gender.2')}</Radio>
              </Space>
            </Radio.Group>
          </Form.Item>
          <Form.Item name="grade" label={t('enroll.f.grade')} rules={[{ required: true, type: 'array', min: 1, message: t('enroll.gradeRequired') }]}>
            <Selector columns={3} options={n.grades.map((g) => ({ value: g, label: gradeLabel(g, lang) }))} />
          </Form.Item>
          <Form.Item
            name="idNumber"
            label={t('enroll.f.idNumber')}
            rules={[{ required: true, pattern: ID_NUMBER, message: t('enroll.idInvalid') }]}
          >
            <Input maxLength={18} data-testid="h5-enroll-id" />
          </Form.Item>
          <Form.Subscribe to={['idNumber']}>
            {({ idNumber }) => (birthOf(String(idNumber ?? '')) ? <Form.Item label={t('enroll.f.birth')}>{birthOf(String(idNumber))}</Form.Item> : null)}
          </Form.Subscribe>
          <Form.Item name="guardianName" label={t('enroll.f.guardian')} rules={[{ required: true, whitespace: true, message: t('enroll.guardianRequired') }]}>
            <Input maxLength={20} data-testid="h5-enroll-guardian" />
          </Form.Item>
          <Form.Item name="relation" label={t('enroll.f.relation')}>
            <Selector columns={3} options={(['father', 'mother', 'other'] as const).map((r) => ({ value: r, label: t(`enroll.h5.relation.${r}`) }))} />
          </Form.Item>
          <Form.Item name="phone" label={t('enroll.f.phone')} rules={[{ required: true, pattern: CHINA_MOBILE, message: t('enroll.phoneInvalid') }]}>
            <Input type="tel" maxLength={11} data-testid="h5-enroll-phone" />
          </Form.Item>
          <Form.Item name="currentSchool" label={t('enroll.f.currentSchool')}>
            <Input maxLength={60} />
          </Form.Item>
          <Form.Item name="address" label={t('enroll.f.address')}>
            <Input maxLength={120} />
          </Form.Item>
          <Form.Item name="remark" label={t('enroll.f.remark')}>
            <TextArea rows={2} maxLength={300} />
          </Form.Item>
        </Form>
      )}
    </div>
  );
}
