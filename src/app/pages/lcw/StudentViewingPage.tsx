import { Card, Checkbox, Col, Input, Radio, Row, Space, Tag, Typography } from 'antd';
import { useSearchParams } from 'react-router-dom';
import type { TestDetail } from '../../../core/api/contracts/lcw';
import { QrCodeCard } from '../../../views/common/QrCodeCard';
import { EmptyState } from '../../../views/common/EmptyState';
import { useAsync } from '../../../views/hooks/use-async';
import { useT } from '../../../views/i18n/i18n-context';
import { useApp } from '../../app-context';
import { TestPicker, useTestId } from './TestPicker';
import { kindKey, letter, TestStatusTag, useLcwApi } from './use-lcw';
import { schoolTime } from '../../../core/time/school-time';

/** The test as the phone shows it (375 px wide), without the right answers. */
function PhonePreview({ test }: { test: TestDetail }) {
  const t = useT();
  return (
    <div style={{ width: 375, maxWidth: '100%', border: '10px solid #222', borderRadius: 28, padding: 12, background: '#f5f5f5', maxHeight: 720, overflow: 'auto' }} data-testid="lcw-phone-preview">
      <Typography.Title level={5} style={{ textAlign: 'center' }}>{test.title}</Typography.Title>
      <div style={{ textAlign: 'center', color: '#888', fontSize: 12, marginBottom: 8 }}>{t('lcw.h5.deadline', { time: schoolTime(test.deadline, 'MM-DD HH:mm') })} · {t('lcw.totalPoints')} {test.totalPoints}</div>
      {test.description && <Typography.Paragraph style={{ fontSize: 13 }}>{test.description}</Typography.Paragraph>}
      {test.questions.map((q) => (
        <Card key={q.id} size="small" style={{ marginBottom: 8 }} title={<span style={{ whiteSpace: 'normal' }}>{q.position}. {q.stem}</span>} extra={<Tag>{t(kindKey(q.kind))} · {t('lcw.h5.points', { points: q.points })}</Tag>}>
          {q.kind === 'single' && <Radio.Group disabled options={q.options.map((o, i) => ({ value: i, label: `${letter(i)}. ${o}` }))} style={{ display: 'flex', flexDirection: 'column' }} />}
          {q.kind === 'multiple' && <Checkbox.Group disabled options={q.options.map((o, i) => ({ value: i, label: `${letter(i)}. ${o}` }))} style={{ display: 'flex', flexDirection: 'column' }} />}
          {q.kind === 'judge' && <Radio.Group disabled options={[{ value: 1, label: t('lcw.true') }, { value: 0, label: t('lcw.false') }]} />}
          {q.kind === 'short' && <Input.TextArea disabled rows={2} placeholder={t('lcw.h5.shortPlaceholder')} />}
        </Card>
      ))}
    </div>
  );
}

/** The class login QR code with lcwProgram=1: it opens the phone page of the class's etiquette tests. */
function ClassQr({ classId, name }: { classId: number; name: string }) {
  const t = useT();
  const { classes } = useApp();
  const qr = useAsync(() => classes.loginQrCode(classId, 1), [classes, classId]);
  if (!qr.data) return <Card loading style={{ width: 220 }} />;
  return <QrCodeCard value={qr.data.url} title={t('lcw.qrTitle', { name })} description={t('lcw.qrHelp')} />;
}

/** /lcwAts/studentViewing?id=: what students see on the phone, and the class QR codes that lead them there. */
export default function StudentViewingPage() {
  const t = useT();
  const api = useLcwApi();
  const [params] = useSearchParams();
  const { id } = useTestId(params);
  const test = useAsync(() => (id ? api.test(id) : Promise.resolve(null)), [api, id]);
  const d = test.data;
  return (
    <div data-testid="lcw-student-viewing">
      <Space style={{ marginBottom: 12 }} wrap>
        <TestPicker id={id} path="/lcwAts/studentViewing" />
        {d && <TestStatusTag test={d} t={t} />}
      </Space>
      {!d && !test.loading && <EmptyState text={t('lcw.chooseTest')} />}
      {d && (
        <Row gutter={[24, 24]}>
          <Col flex="none">
            <PhonePreview test={d} />
          </Col>
          <Col flex="auto">
            <Space wrap align="start" size="large" data-testid="lcw-class-qrs">
              {d.classes.map((c) => <ClassQr key={c.id} classId={c.id} name={c.name} />)}
            </Space>
          </Col>
        </Row>
      )}
    </div>
  );
}
