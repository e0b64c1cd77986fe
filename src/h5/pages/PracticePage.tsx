import { lazy, Suspense } from 'react';
// antd-mobile by path (the index's chunk carries ErrorBlock and Toast into the first load); ErrorBlock
// loads when shown.
import Card from 'antd-mobile/es/components/card';
import DotLoading from 'antd-mobile/es/components/dot-loading';
import Empty from 'antd-mobile/es/components/empty';
import List from 'antd-mobile/es/components/list';
import Space from 'antd-mobile/es/components/space';
import Tag from 'antd-mobile/es/components/tag';
import { H5NavBar } from './H5NavBar';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useAsync } from '../../views/hooks/use-async';
import { useT } from '../../views/i18n/i18n-context';
import { focusLabel, formatRemaining } from '../../views/practice/labels';
import { useH5 } from '../h5-context';
import { StudentGate, useStudentIdentity } from './StudentGate';
import { LazyErrorBlock } from './LazyErrorBlock';

// a practice's answer view (Tabs, TextArea, the AI's feedback) once one is opened
const PracticeAnswer = lazy(() => import('./PracticeAnswer').then((m) => ({ default: m.PracticeAnswer })));

/**
 * `/teaching/h5/practice?code=` (from the class page): the class's practices and classroom essays. The
 * student picks their name and types their own code (学生码) once (remembered on the phone, shared with
 * the messages page), writes or photographs an answer and reads the AI's feedback as soon as it is ready.
 */
export default function PracticePage() {
  const t = useT();
  const navigate = useNavigate();
  const { practice } = useH5();
  const [params] = useSearchParams();
  const code = (params.get('code') ?? '').trim().toUpperCase();
  const id = Number(params.get('id')) || 0;
  const { who, remember, forget } = useStudentIdentity(code);
  const klass = useAsync(() => (code ? practice.classView(code) : Promise.resolve(null)), [practice, code]);
  const me = klass.data?.students.find((s) => s.id === who?.studentId);

  if (!code) return <LazyErrorBlock status="default" title={t('h5.messages.noCode')} description={t('h5.join.badCode')} />;
  if (klass.loading && !klass.data) return <DotLoading />;
  if (!klass.data) return <LazyErrorBlock status="default" title={t('h5.join.badCode')} description="" />;
  const back = () => navigate(`/join?code=${encodeURIComponent(code)}`);

  if (!who || !me) {
    return <StudentGate classCode={code} title={t('h5.practice.title')} students={klass.data.students} itemTestId="h5-practice-student" testId="h5-practice" onBack={back} onVerified={remember} />;
  }

  const item = klass.data.practices.find((p) => p.id === id);
  if (id && item)
    return (
      <Suspense fallback={<DotLoading />}>
        <PracticeAnswer item={item} code={code} who={who} onBack={() => navigate(`/practice?code=${encodeURIComponent(code)}`)} onWrongCode={forget} />
      </Suspense>
    );

  return (
    <div data-testid="h5-practice">
      <H5NavBar onBack={back}>{t('h5.practice.title')}</H5NavBar>
      <Card style={{ margin: 8 }}>
        <Space justify="between" style={{ width: '100%' }} align="center">
          <span>
            {klass.data.className} · <strong>{me.name}</strong>
          </span>
          <a onClick={forget}>{t('h5.upload.changeName')}</a>
        </Space>
      </Card>
      {klass.data.practices.length === 0 ? (
        <Empty description={t('h5.practice.none')} />
      ) : (
        <List>
          {klass.data.practices.map((p) => (
            <List.Item
              key={p.id}
              data-testid="h5-practice-item"
              description={`${t('practice.minWords')} ${p.minWords} · ${t('practice.focus')} ${focusLabel(t, p.focus)}`}
              extra={<Tag color={p.state === 'open' ? 'success' : 'default'}>{p.state === 'open' && p.remainingSeconds !== null && p.kind === 'classroom' ? t('h5.practice.remaining', { time: formatRemaining(p.remainingSeconds) }) : t(`practice.state.${p.state}`)}</Tag>}
              onClick={() => navigate(`/practice?code=${encodeURIComponent(code)}&id=${p.id}`)}
            >
              {p.kind === 'classroom' && <Tag color="warning" style={{ marginRight: 6 }}>{t('h5.practice.classroom')}</Tag>}
              {p.title}
            </List.Item>
          ))}
        </List>
      )}
    </div>
  );
}
