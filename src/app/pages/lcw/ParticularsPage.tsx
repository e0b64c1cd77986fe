import { useState } from 'react';
import { Card, Col, Descriptions, Drawer, Progress, Row, Space, Statistic, Table, Tag } from 'antd';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { TestResults } from '../../../core/api/contracts/lcw';
import { EmptyState } from '../../../views/common/EmptyState';
import { useAsync } from '../../../views/hooks/use-async';
import { useT } from '../../../views/i18n/i18n-context';
import { TestPicker, useTestId } from './TestPicker';
import { answerText, kindKey, letter, TestStatusTag, useLcwApi } from './use-lcw';
import { schoolTime } from '../../../core/time/school-time';

type QRow = TestResults['questions'][number];
type SRow = TestResults['students'][number];
const DIFF_COLOR = { easy: 'green', medium: 'gold', hard: 'red' } as const;

/** One student's answer sheet, with the right answers and the teacher's marks. */
function SubmissionDrawer({ id, onClose }: { id: number | null; onClose(): void }) {
  const t = useT();
  const api = useLcwApi();
  const sheet = useAsync(() => (id ? api.submission(id) : Promise.resolve(null)), [api, id]);
  const s = sheet.data;
  return (
    <Drawer open={id !== null} onClose={onClose} size={560} title={s ? t('lcw.studentAnswers', { name: s.studentName }) : ''} data-testid="lcw-sheet">
      {s && (
        <>
          <Descriptions size="small" column={2} items={[{ label: t('lcw.score'), children: `${s.score} / ${s.totalPoints}` }, { label: t('lcw.submittedAt'), children: schoolTime(s.submittedAt, 'YYYY-MM-DD HH:mm') }]} />
          {s.answers.map((a) => (
            <Card key={a.id} size="small" style={{ marginTop: 8 }} title={`${a.position}. ${a.stem}`} extra={a.score === null ? <Tag color="orange">{t('lcw.pending')}</Tag> : <Tag color={a.correct === false ? 'red' : 'green'}>{a.score} / {a.points}</Tag>}>
              {a.kind === 'short' ? (
                <div style={{ whiteSpace: 'pre-wrap' }}>{a.text || t('lcw.blank')}</div>
              ) : (
                <div>
                  {t('lcw.yourAnswer', { answer: answerText(a.kind, a.choice, t) || t('lcw.blank') })}{' · '}{t('lcw.rightAnswer', { answer: answerText(a.kind, a.rightAnswer, t) })}
                </div>
              )}
              {a.teacherComment && <div style={{ color: '#888', marginTop: 4 }}>{t('lcw.teacherComment')}: {a.teacherComment}</div>}
            </Card>
          ))}
        </>
      )}
    </Drawer>
  );
}

/** /lcwAts/particularsLcw?id=: a test's results — per question score rate and difficulty, per student score. */
export default function ParticularsPage() {
  const t = useT();
  const navigate = useNavigate();
  const api = useLcwApi();
  const [params] = useSearchParams();
  const { id } = useTestId(params);
  const results = useAsync(() => (id ? api.results(id) : Promise.resolve(null)), [api, id]);
  const [sheet, setSheet] = useState<number | null>(null);
  const r = results.data;

  return (
    <div data-testid="lcw-particulars">
      <Space style={{ marginBottom: 12 }} wrap>
        <TestPicker id={id} path="/lcwAts/particularsLcw" />
        {r && <TestStatusTag test={r.test} t={t} />}
        {r && r.test.pendingMarking > 0 && <a onClick={() => navigate(`/lcwAts/examineLcw?id=${r.test.id}`)}>{t('lcw.mark')} ({r.test.pendingMarking})</a>}
      </Space>
      {!r && !results.loading && <EmptyState text={t('lcw.chooseTest')} />}
      {r && (
        <>
          <Row gutter={16} style={{ marginBottom: 16 }}>
            <Col xs={12} md={6}><Card><Statistic title={t('lcw.participation')} value={r.test.submittedCount} suffix={`/ ${r.test.studentCount}`} /></Card></Col>
            <Col xs={12} md={6}><Card><Statistic title={t('lcw.average')} value={r.test.averageScore ?? '—'} suffix={`/ ${r.test.totalPoints}`} /></Card></Col>
            <Col xs={12} md={6}><Card><Statistic title={t('lcw.pending')} value={r.test.pendingMarking} /></Card></Col>
            <Col xs={12} md={6}><Card><Statistic title={t('lcw.f.deadline')} value={schoolTime(r.test.deadline, 'MM-DD HH:mm')} /></Card></Col>
          </Row>
          <Card title={t('lcw.perQuestion')} style={{ marginBottom: 16 }}>
            <Table<QRow>
              rowKey="id"
              size="small"
              pagination={false}
              dataSource={r.questions}
              scroll={{ x: 800 }}
              data-testid="lcw-question-stats"
              columns={[
                { title: '#', dataIndex: 'position', width: 50 },
                { title: t('lcw.f.kind'), width: 90, render: (_: unknown, q) => t(kindKey(q.kind)) },
                { title: t('lcw.f.stem'), dataIndex: 'stem' },
                { title: t('lcw.f.answer'), width: 70, render: (_: unknown, q) => answerText(q.kind, q.answer, t) || '—' },
                { title: t('lcw.scoreRate'), width: 160, render: (_: unknown, q) => (q.scoreRate === null ? '—' : <Progress percent={Math.round(q.scoreRate * 100)} size="small" />) },
                { title: t('lcw.difficulty'), width: 80, render: (_: unknown, q) => (q.difficulty ? <Tag color={DIFF_COLOR[q.difficulty]}>{t(`lcw.difficulty.${q.difficulty}`)}</Tag> : q.pending ? <Tag color="orange">{t('lcw.pending')}</Tag> : '—') },
                {
                  title: t('lcw.picks'),
                  width: 200,
                  render: (_: unknown, q) =>
                    q.kind === 'short' ? `${q.answered}` : q.optionCounts.map((n, i) => `${q.kind === 'judge' ? (i === 1 ? t('lcw.true') : t('lcw.false')) : letter(i)}:${n}`).join('  '),
                },
              ]}
            />
          </Card>
          <Card title={t('lcw.perStudent')}>
            <Table<SRow>
              rowKey="studentId"
              size="small"
              dataSource={r.students}
              pagination={{ pageSize: 20 }}
              data-testid="lcw-student-scores"
              columns={[
                { title: t('lcw.student'), dataIndex: 'name' },
                { title: t('lcw.f.classes'), dataIndex: 'className', width: 140 },
                { title: t('lcw.score'), width: 120, sorter: (a, b) => (a.score ?? -1) - (b.score ?? -1), render: (_: unknown, s) => (s.submissionId === null ? <Tag>{t('lcw.notSubmitted')}</Tag> : <a onClick={() => setSheet(s.submissionId)}>{s.score} / {r.test.totalPoints}</a>) },
                { title: t('lcw.pending'), dataIndex: 'pending', width: 90, render: (n: number) => (n ? <Tag color="orange">{n}</Tag> : '') },
                { title: t('lcw.submittedAt'), dataIndex: 'submittedAt', width: 160, render: (d: string | null) => (d ? schoolTime(d, 'MM-DD HH:mm') : '') },
              ]}
            />
          </Card>
        </>
      )}
      <SubmissionDrawer id={sheet} onClose={() => setSheet(null)} />
    </div>
  );
}
