import { useEffect, useState } from 'react';
// antd-mobile by path (the index's chunk carries ErrorBlock and Toast into the first load); ErrorBlock and
// Toast load when shown.
import Button from 'antd-mobile/es/components/button';
import Card from 'antd-mobile/es/components/card';
import DotLoading from 'antd-mobile/es/components/dot-loading';
import Empty from 'antd-mobile/es/components/empty';
import List from 'antd-mobile/es/components/list';
import Space from 'antd-mobile/es/components/space';
import Tabs from 'antd-mobile/es/components/tabs';
import Tag from 'antd-mobile/es/components/tag';
import TextArea from 'antd-mobile/es/components/text-area';
import { H5NavBar } from './H5NavBar';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { H5PracticeClass } from '../../core/api/contracts/practice';
import { useAsync } from '../../views/hooks/use-async';
import { useT } from '../../views/i18n/i18n-context';
import { focusLabel, formatRemaining } from '../../views/practice/labels';
import { PracticeFeedbackView } from '../../views/practice/PracticeFeedbackView';
import { compressPhoto } from '../compress-photo';
import { useH5 } from '../h5-context';
import type { RememberedStudent } from '../student-messages';
import { StudentGate, useForgetOnWrongCode, useStudentIdentity } from './StudentGate';
import { showToast } from '../toast';
import { LazyErrorBlock } from './LazyErrorBlock';

type Item = H5PracticeClass['practices'][number];
const hanCount = (s: string) => (s.match(/\p{Script=Han}/gu) ?? []).length;

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
  if (id && item) return <PracticeAnswer item={item} code={code} who={who} onBack={() => navigate(`/practice?code=${encodeURIComponent(code)}`)} onWrongCode={forget} />;

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

function PracticeAnswer({ item, code, who, onBack, onWrongCode }: { item: Item; code: string; who: RememberedStudent; onBack: () => void; onWrongCode: () => void }) {
  const t = useT();
  const { practice } = useH5();
  const full = { classCode: code, ...who, practiceId: item.id };
  const mine = useAsync(() => practice.mine(full), [practice, code, who.studentId, who.studentCode, item.id]);
  const [mode, setMode] = useState<'write' | 'photo'>('write');
  const [text, setText] = useState('');
  const [photos, setPhotos] = useState<File[]>([]);
  const [busy, setBusy] = useState(false);
  const [left, setLeft] = useState(item.remainingSeconds);
  const pending = (mine.data?.attempts ?? []).some((a) => a.status === 'queued' || a.status === 'running');

  // A remembered code no longer accepted: prove it again.
  useForgetOnWrongCode(mine.error, onWrongCode);
  // The AI's feedback follows within seconds: ask again until it is there.
  // (An interval on the stable reload: the countdown re-renders every second, which would keep resetting a timeout.)
  const reload = mine.reload;
  useEffect(() => {
    if (!pending) return;
    const timer = window.setInterval(() => void reload(), 2000);
    return () => window.clearInterval(timer);
  }, [pending, reload]);
  useEffect(() => {
    if (left === null) return;
    const timer = window.setInterval(() => setLeft((s) => (s === null ? null : Math.max(0, s - 1))), 1000);
    return () => window.clearInterval(timer);
  }, [left === null]); // eslint-disable-line react-hooks/exhaustive-deps

  const send = async () => {
    setBusy(true);
    try {
      if (mode === 'write') await practice.submitText(full, text);
      else await practice.submitPhotos(full, await Promise.all(photos.map((p) => compressPhoto(p).catch(() => p))));
      showToast({ content: t('h5.practice.submitted'), icon: 'success' });
      setText('');
      setPhotos([]);
      await mine.reload();
    } catch {
      // the client showed the server's message as a toast
    } finally {
      setBusy(false);
    }
  };

  const attempts = mine.data?.attempts ?? [];
  const canSubmit = Boolean(mine.data?.canSubmit) && (left === null || left > 0);
  return (
    <div data-testid="h5-practice-answer">
      <H5NavBar onBack={onBack}>{item.kind === 'classroom' ? t('h5.practice.classroom') : t('h5.practice.title')}</H5NavBar>
      <Card title={item.title} style={{ margin: 8 }} extra={item.state === 'open' && left !== null && item.kind === 'classroom' ? <Tag color="warning">{t('h5.practice.remaining', { time: formatRemaining(left) })}</Tag> : <Tag>{t(`practice.state.${item.state}`)}</Tag>}>
        {item.prompt && <div style={{ whiteSpace: 'pre-wrap', marginBottom: 8 }}>{item.prompt}</div>}
        <Space wrap>
          <Tag color="primary" fill="outline">{t('practice.minWords')} {item.minWords}</Tag>
          {item.focus && <Tag color="danger" fill="outline">{t('practice.focus')}：{focusLabel(t, item.focus)}</Tag>}
        </Space>
      </Card>
      {attempts.length > 0 && (
        <div>
          <div style={{ padding: '4px 12px', color: '#666' }}>{t('h5.practice.myAttempts')}</div>
          {[...attempts].reverse().map((a) => (
            <Card key={a.id} style={{ margin: 8 }} title={t('practice.attemptN', { n: a.attemptNo })} data-testid="h5-practice-attempt">
              {a.text && <div style={{ whiteSpace: 'pre-wrap', color: '#555', fontSize: 13, marginBottom: 8, maxHeight: 160, overflow: 'auto' }}>{a.text}</div>}
              <PracticeFeedbackView attempt={a} />
            </Card>
          ))}
        </div>
      )}
      {canSubmit && (
        <Card style={{ margin: 8 }} title={attempts.length ? t('h5.practice.again') : undefined}>
          <Tabs activeKey={mode} onChange={(k) => setMode(k as 'write' | 'photo')}>
            <Tabs.Tab key="write" title={t('h5.practice.write')}>
              <TextArea value={text} onChange={setText} placeholder={t('h5.practice.textPlaceholder')} rows={9} maxLength={5000} data-testid="h5-practice-text" />
              <div style={{ color: hanCount(text) >= item.minWords ? '#237804' : '#666', fontSize: 12, marginTop: 4 }}>{t('h5.practice.count', { n: hanCount(text), min: item.minWords })}</div>
            </Tabs.Tab>
            <Tabs.Tab key="photo" title={t('h5.practice.photo')}>
              <input type="file" accept="image/*" capture="environment" multiple onChange={(e) => setPhotos([...(e.target.files ?? [])].slice(0, 3))} data-testid="h5-practice-photos" />
              <div style={{ color: '#666', fontSize: 12, marginTop: 4 }}>{photos.map((p) => p.name).join('、')}</div>
            </Tabs.Tab>
          </Tabs>
          <div style={{ color: '#666', fontSize: 12, margin: '6px 0' }}>{t('h5.practice.attemptsLeft', { n: mine.data?.attemptsLeft ?? 0 })}</div>
          <Button block color="primary" loading={busy} disabled={mode === 'write' ? !text.trim() : photos.length === 0} onClick={() => void send()} data-testid="h5-practice-submit">
            {t('h5.practice.submit')}
          </Button>
        </Card>
      )}
      {mine.loading && !mine.data && <DotLoading />}
    </div>
  );
}
