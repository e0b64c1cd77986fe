import { useState } from 'react';
// antd-mobile by path (the index's chunk carries ErrorBlock and Toast into the first load); ErrorBlock,
// Toast and the confirm Dialog load when shown.
import Button from 'antd-mobile/es/components/button';
import Card from 'antd-mobile/es/components/card';
import Checkbox from 'antd-mobile/es/components/checkbox';
import DotLoading from 'antd-mobile/es/components/dot-loading';
import Radio from 'antd-mobile/es/components/radio';
import Result from 'antd-mobile/es/components/result';
import Space from 'antd-mobile/es/components/space';
import Tag from 'antd-mobile/es/components/tag';
import TextArea from 'antd-mobile/es/components/text-area';
import { H5NavBar } from '../H5NavBar';
import type { H5LcwTest } from '../../../core/api/contracts/lcw';
import type { LcwH5Api, LcwStudentWho } from '../../../core/api/endpoints/lcw';
import { useAsync } from '../../../views/hooks/use-async';
import { useT } from '../../../views/i18n/i18n-context';
import { showToast } from '../../toast';
import { monthDayTime } from '../../short-time';
import { LazyErrorBlock } from '../LazyErrorBlock';

const LETTERS = 'ABCDEF';
type Draft = Record<number, { choice: number[]; text: string }>;

/** The student's own answer sheet once sent: score, marks, and the right answers after the deadline. */
function SentSheet({ test }: { test: H5LcwTest }) {
  const t = useT();
  const sub = test.submission!;
  const label = (kind: string, c: number[]) => (kind === 'judge' ? (c[0] === 1 ? t('lcw.true') : c[0] === 0 ? t('lcw.false') : t('lcw.blank')) : c.length ? c.map((i) => LETTERS[i]).join('') : t('lcw.blank'));
  return (
    <div data-testid="h5-lcw-result">
      <Result status="success" title={t('lcw.h5.yourScore', { score: sub.score, total: test.totalPoints })} description={sub.pending ? t('lcw.h5.waitMarking', { count: sub.pending }) : test.closed ? undefined : t('lcw.h5.answersAfterDeadline')} />
      {test.questions.map((q) => {
        const a = sub.answers.find((x) => x.testQuestionId === q.id);
        return (
          <Card key={q.id} style={{ margin: 8 }} title={<span style={{ fontSize: 14, whiteSpace: 'normal' }}>{q.position}. {q.stem}</span>} extra={a?.score === null ? <Tag color="warning">{t('lcw.pending')}</Tag> : <Tag color={a?.correct === false ? 'danger' : 'success'}>{a?.score ?? 0}/{q.points}</Tag>}>
            <div style={{ fontSize: 14 }}>
              {q.kind === 'short' ? <div style={{ whiteSpace: 'pre-wrap' }}>{a?.text || t('lcw.blank')}</div> : <div>{t('lcw.yourAnswer', { answer: label(q.kind, a?.choice ?? []) })}</div>}
              {a?.rightAnswer && q.kind !== 'short' && <div style={{ color: '#00b578' }}>{t('lcw.rightAnswer', { answer: label(q.kind, a.rightAnswer) })}</div>}
              {a?.explanation && <div style={{ color: '#888' }}>{a.explanation}</div>}
              {a?.teacherComment && <div style={{ color: '#c21939' }}>{t('lcw.teacherComment')}: {a.teacherComment}</div>}
            </div>
          </Card>
        );
      })}
    </div>
  );
}

/** One test on the phone: answer every question, submit once (confirmed), then read the score. */
export function LcwTestView({ api, who, testId, onBack }: { api: LcwH5Api; who: LcwStudentWho; testId: number; onBack(): void }) {
  const t = useT();
  const test = useAsync(() => api.test(who, testId), [api, who, testId]);
  const [draft, setDraft] = useState<Draft>({});
  const [busy, setBusy] = useState(false);
  const d = test.data;
  const set = (id: number, patch: Partial<Draft[number]>) => setDraft((x) => ({ ...x, [id]: { choice: [], text: '', ...x[id], ...patch } }));

  const submit = async () => {
    if (!d) return;
    const blank = d.questions.filter((q) => (q.kind === 'short' ? !(draft[q.id]?.text ?? '').trim() : !(draft[q.id]?.choice.length ?? 0))).length;
    const { default: Dialog } = await import('antd-mobile/es/components/dialog');
    const ok = await Dialog.confirm({ content: blank ? t('lcw.h5.unanswered', { count: blank }) : t('lcw.h5.confirm') });
    if (!ok) return;
    setBusy(true);
    try {
      await api.submit(who, d.id, d.questions.map((q) => ({ testQuestionId: q.id, choice: draft[q.id]?.choice ?? [], text: draft[q.id]?.text ?? '' })));
      showToast({ content: t('lcw.h5.done'), icon: 'success' });
      await test.reload();
    } catch {
      // the client showed the server's message (closed, already sent)
      await test.reload();
    } finally {
      setBusy(false);
    }
  };

  return (
    <div data-testid="h5-lcw-test">
      <H5NavBar onBack={onBack}>{d?.title ?? t('lcw.h5.title')}</H5NavBar>
      {!d && test.loading && <DotLoading />}
      {!d && !test.loading && <LazyErrorBlock status="empty" title={t('lcw.h5.none')} description="" />}
      {d && d.submission && <SentSheet test={d} />}
      {d && !d.submission && d.closed && <LazyErrorBlock status="disconnected" title={t('lcw.deadlinePassed')} description="" />}
      {d && !d.submission && !d.closed && (
        <>
          <div style={{ padding: '8px 12px', color: '#888', fontSize: 13 }}>
            {t('lcw.h5.deadline', { time: monthDayTime(d.deadline) })} · {t('lcw.totalPoints')} {d.totalPoints}
            {d.description && <div style={{ color: '#333', marginTop: 4 }}>{d.description}</div>}
          </div>
          {d.questions.map((q) => (
            <Card key={q.id} style={{ margin: 8 }} data-testid="h5-lcw-question" title={<span style={{ fontSize: 15, whiteSpace: 'normal' }}>{q.position}. {q.stem}</span>} extra={<span style={{ fontSize: 12, color: '#999', whiteSpace: 'nowrap' }}>{t(`lcw.kind.${q.kind}`)} · {t('lcw.h5.points', { points: q.points })}</span>}>
              {q.kind === 'single' && (
                <Radio.Group value={draft[q.id]?.choice[0]} onChange={(v) => set(q.id, { choice: [Number(v)] })}>
                  <Space direction="vertical">{q.options.map((o, i) => <Radio key={i} value={i}>{LETTERS[i]}. {o}</Radio>)}</Space>
                </Radio.Group>
              )}
              {q.kind === 'multiple' && (
                <Checkbox.Group value={draft[q.id]?.choice ?? []} onChange={(v) => set(q.id, { choice: (v as number[]).map(Number).sort() })}>
                  <Space direction="vertical">{q.options.map((o, i) => <Checkbox key={i} value={i}>{LETTERS[i]}. {o}</Checkbox>)}</Space>
                </Checkbox.Group>
              )}
              {q.kind === 'judge' && (
                <Radio.Group value={draft[q.id]?.choice[0]} onChange={(v) => set(q.id, { choice: [Number(v)] })}>
                  <Space>
                    <Radio value={1}>{t('lcw.true')}</Radio>
                    <Radio value={0}>{t('lcw.false')}</Radio>
                  </Space>
                </Radio.Group>
              )}
              {q.kind === 'short' && <TextArea rows={3} maxLength={1000} showCount placeholder={t('lcw.h5.shortPlaceholder')} value={draft[q.id]?.text ?? ''} onChange={(v) => set(q.id, { text: v })} />}
            </Card>
          ))}
          <div style={{ padding: 12 }}>
            <Button block color="primary" size="large" loading={busy} onClick={() => void submit()} data-testid="h5-lcw-submit">{t('lcw.h5.submit')}</Button>
          </div>
        </>
      )}
    </div>
  );
}
