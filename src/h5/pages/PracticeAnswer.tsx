import { useEffect, useState } from 'react';
// antd-mobile by path (the index's chunk carries ErrorBlock and Toast into the first load)
import Button from 'antd-mobile/es/components/button';
import Card from 'antd-mobile/es/components/card';
import DotLoading from 'antd-mobile/es/components/dot-loading';
import Space from 'antd-mobile/es/components/space';
import Tabs from 'antd-mobile/es/components/tabs';
import Tag from 'antd-mobile/es/components/tag';
import TextArea from 'antd-mobile/es/components/text-area';
import type { H5PracticeClass } from '../../core/api/contracts/practice';
import { useAsync } from '../../views/hooks/use-async';
import { useT } from '../../views/i18n/i18n-context';
import { focusLabel, formatRemaining } from '../../views/practice/labels';
import { PracticeFeedbackView } from '../../views/practice/PracticeFeedbackView';
import { compressPhoto } from '../compress-photo';
import { useH5 } from '../h5-context';
import type { RememberedStudent } from '../student-messages';
import { showToast } from '../toast';
import { H5NavBar } from './H5NavBar';
import { useForgetOnWrongCode } from './StudentGate';

type Item = H5PracticeClass['practices'][number];
const hanCount = (s: string) => (s.match(/\p{Script=Han}/gu) ?? []).length;

/**
 * One practice on the phone: the student's attempts with the AI's feedback, and a new answer typed or
 * photographed. Its own module (Tabs with react-spring, TextArea, the feedback view, photo compression),
 * loaded when a practice is opened: the page's first screen is the name list, then the practices.
 */
export function PracticeAnswer({ item, code, who, onBack, onWrongCode }: { item: Item; code: string; who: RememberedStudent; onBack: () => void; onWrongCode: () => void }) {
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
