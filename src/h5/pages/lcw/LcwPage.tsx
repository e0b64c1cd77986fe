import { lazy, Suspense, useMemo } from 'react';
// antd-mobile by path (the index's chunk carries ErrorBlock and Toast into the first load); ErrorBlock
// loads when shown.
import Card from 'antd-mobile/es/components/card';
import DotLoading from 'antd-mobile/es/components/dot-loading';
import Empty from 'antd-mobile/es/components/empty';
import List from 'antd-mobile/es/components/list';
import Space from 'antd-mobile/es/components/space';
import Tag from 'antd-mobile/es/components/tag';
import { H5NavBar } from '../H5NavBar';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { lcwH5Api } from '../../../core/api/endpoints/lcw';
import { useAsync } from '../../../views/hooks/use-async';
import { useT } from '../../../views/i18n/i18n-context';
import { useH5 } from '../../h5-context';
import { StudentGate, useStudentIdentity } from '../StudentGate';
import { monthDayTime } from '../../short-time';
import { LazyErrorBlock } from '../LazyErrorBlock';

// one test's questions and result (Radio, Checkbox, TextArea, Result) once a test is opened
const LcwTestView = lazy(() => import('./LcwTestView').then((m) => ({ default: m.LcwTestView })));

/**
 * `/teaching/h5/lcw?code=` (the class login QR with lcwProgram=1): the class's etiquette tests. The
 * student picks their name and types their own code (学生码) once — remembered on the phone like on
 * the other class pages — then answers a test; `&testId=` opens one.
 */
export default function LcwPage() {
  const t = useT();
  const navigate = useNavigate();
  const { client } = useH5();
  const api = useMemo(() => lcwH5Api(client), [client]);
  const [params, setParams] = useSearchParams();
  const code = (params.get('code') ?? '').trim().toUpperCase();
  const testId = Number(params.get('testId')) || 0;
  const { who, remember, forget } = useStudentIdentity(code);
  const info = useAsync(() => (code ? api.classInfo(code) : Promise.resolve(null)), [api, code]);
  const whoFull = useMemo(() => (who ? { classCode: code, ...who } : null), [who, code]);

  if (!code) return <LazyErrorBlock status="default" title={t('h5.join.badCode')} description="" />;
  if (info.loading && !info.data) return <DotLoading />;
  if (!info.data) return <LazyErrorBlock status="default" title={t('h5.join.badCode')} description="" />;
  const me = info.data.students.find((s) => s.id === who?.studentId);

  if (!whoFull || !me) {
    return (
      <StudentGate
        classCode={code}
        title={`${info.data.className} · ${t('lcw.h5.title')}`}
        students={info.data.students}
        listHeader={t('lcw.h5.pickName')}
        itemTestId="h5-lcw-student"
        testId="h5-lcw"
        onBack={() => navigate(`/join?code=${encodeURIComponent(code)}`)}
        onVerified={remember}
      />
    );
  }

  if (testId)
    return (
      <Suspense fallback={<DotLoading />}>
        <LcwTestView api={api} who={whoFull} testId={testId} onBack={() => { setParams({ code }); void info.reload(); }} />
      </Suspense>
    );

  return (
    <div data-testid="h5-lcw">
      <H5NavBar onBack={() => navigate(`/join?code=${encodeURIComponent(code)}`)}>{t('lcw.h5.title')}</H5NavBar>
      <Card style={{ margin: 8 }}>
        <Space justify="between" style={{ width: '100%' }} align="center">
          <span>{info.data.className} · <strong>{me.name}</strong></span>
          <a onClick={forget}>{t('lcw.h5.switch')}</a>
        </Space>
      </Card>
      {info.data.tests.length === 0 ? (
        <Empty description={t('lcw.h5.none')} />
      ) : (
        <List>
          {info.data.tests.map((x) => (
            <List.Item
              key={x.id}
              data-testid="h5-lcw-item"
              description={`${t('lcw.h5.deadline', { time: monthDayTime(x.deadline) })} · ${x.questionCount} · ${t('lcw.totalPoints')} ${x.totalPoints}`}
              extra={x.closed ? <Tag>{t('lcw.closed')}</Tag> : <Tag color="primary">{t('lcw.h5.start')}</Tag>}
              onClick={() => setParams({ code, testId: String(x.id) })}
            >
              {x.title}
            </List.Item>
          ))}
        </List>
      )}
    </div>
  );
}
