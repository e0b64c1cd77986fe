import { Suspense, useCallback, useEffect, useState } from 'react';
import { Alert, Button, Checkbox, Empty, Segmented, Skeleton, Space, Statistic, Table, Tag, message } from 'antd';
import { DownloadOutlined, FilePdfOutlined } from '@ant-design/icons';
import type { ClassReport, ReportMode, ReportStudent } from '../../core/api/contracts/class-report';
import type { ClassReportApi } from '../../core/api/endpoints/class-report';
import { useT } from '../i18n/i18n-context';
import { safeFileName } from '../writing-list/ExportButton';
import { ScoreSummaryFigures } from '../common/ScoreSummaryFigures';
import { CountBars, DimensionChart, TrendLine } from './ReportCharts';
import { StudentPage } from './StudentPage';
import styles from './class-report.css?inline';

const BAND_COLORS: Record<string, string> = { excellent: 'green', good: 'blue', medium: 'gold', qualified: 'orange', needsImprovement: 'red' };
const pct = (v: number | null | undefined) => (v === null || v === undefined ? '—' : String(Math.round(v * 10) / 10));

type ReportDimension = NonNullable<ClassReport['dimensions']>[number];
/** A letter task's dimensions as levels counted and the middle level; a points task's as points. */
function dimensionColumns(dims: ReportDimension[], t: ReturnType<typeof useT>) {
  const first = dims[0]?.summary;
  if (first?.kind === 'levels') {
    return [
      { title: t('report.section.dimensions'), dataIndex: 'name', key: 'name' },
      ...first.levels.map((l, i) => ({ title: t('report.levelCount', { label: l.label }), key: `level-${i}`, render: (_: unknown, d: ReportDimension) => (d.summary.kind === 'levels' ? String(d.summary.levels[i]?.count ?? 0) : '—') })),
      { title: t('report.median'), key: 'median', render: (_: unknown, d: ReportDimension) => (d.summary.kind === 'levels' ? (d.summary.median ?? '—') : '—') },
    ];
  }
  return [
    { title: t('report.section.dimensions'), dataIndex: 'name', key: 'name' },
    { title: t('report.average'), dataIndex: 'average', key: 'average', render: pct },
    { title: t('report.spread'), dataIndex: 'spread', key: 'spread', render: pct },
    { title: t('report.lowest'), dataIndex: 'min', key: 'min', render: pct },
    { title: t('report.highest'), dataIndex: 'max', key: 'max', render: pct },
  ];
}

export interface ClassReportViewProps {
  api: Pick<ClassReportApi, 'data' | 'exportXlsx' | 'pdf'>;
  taskId: number;
  classId: number;
  /** starting mode; absent = the teacher's stored setting */
  mode?: ReportMode;
  onModeChange?(mode: ReportMode): void;
  /** hides the mode switch and the downloads (preview, print) */
  bare?: boolean;
  onOpenEssay?(essayId: number): void;
  onLoaded?(report: ClassReport): void;
  onError?(error: unknown): void;
}

function save(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * The class report of a task: overview and distribution, dimensions, common problems (simple), then
 * good sentences to pick, excellent essays, students who need attention, the comparison and trend,
 * the per-student table and each student's page (full). Only approved essays are counted.
 */
export function ClassReportView(props: ClassReportViewProps) {
  const t = useT();
  const { api, taskId, classId } = props;
  const [mode, setMode] = useState<ReportMode | undefined>(props.mode);
  const [report, setReport] = useState<ClassReport | null>(null);
  const [loading, setLoading] = useState(true);
  const [picked, setPicked] = useState<string[]>([]);
  const [busy, setBusy] = useState<'pdf' | 'xlsx' | null>(null);
  const { onLoaded, onError } = props;

  useEffect(() => setMode(props.mode), [props.mode]);
  useEffect(() => {
    let live = true;
    setLoading(true);
    api
      .data({ taskId, classId, ...(mode ? { mode } : {}) })
      .then((r) => {
        if (!live) return;
        setReport(r);
        onLoaded?.(r);
      })
      .catch((e: unknown) => live && onError?.(e))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [api, taskId, classId, mode, onLoaded, onError]);

  const switchMode = useCallback(
    (m: ReportMode) => {
      setMode(m);
      props.onModeChange?.(m);
    },
    [props],
  );

  const download = async (kind: 'pdf' | 'xlsx') => {
    if (!report) return;
    setBusy(kind);
    try {
      const name = safeFileName(t('report.fileName', { title: `${report.task.title}-${report.class.name}` }));
      if (kind === 'pdf') save(await api.pdf(taskId, classId, report.mode), `${name}.pdf`);
      else save(await api.exportXlsx(taskId, classId), `${name}.xlsx`);
    } catch (e) {
      onError?.(e);
    } finally {
      setBusy(null);
    }
  };

  if (loading && !report) return <Skeleton active />;
  if (!report) return <Empty description={t('report.noTask')} />;
  const o = report.overview;

  return (
    <div className="zp-class-report" part="report" data-testid="class-report" data-mode={report.mode}>
      <style>{styles}</style>
      <header className="zp-report-head">
        <div>
          <h2>{t('report.title')}</h2>
          <div className="zp-report-sub">
            {report.task.title} · {report.class.name} · <span>{t('report.onlyApproved')}</span>
          </div>
        </div>
        {!props.bare && (
          <Space wrap>
            <Segmented<ReportMode>
              value={report.mode}
              onChange={switchMode}
              options={[
                { label: t('report.simple'), value: 'simple' },
                { label: t('report.full'), value: 'full' },
              ]}
              data-testid="report-mode"
            />
            <Button icon={<FilePdfOutlined />} loading={busy === 'pdf'} onClick={() => void download('pdf')} data-testid="report-pdf">
              {busy === 'pdf' ? t('report.pdfBuilding') : t('report.downloadPdf')}
            </Button>
            <Button icon={<DownloadOutlined />} loading={busy === 'xlsx'} onClick={() => void download('xlsx')} data-testid="report-xlsx">
              {t('report.exportXlsx')}
            </Button>
          </Space>
        )}
      </header>

      {o && (
        <section className="zp-report-section" part="report-section" data-testid="report-overview">
          <h3>{t('report.section.overview')}</h3>
          <div className="zp-report-figures">
            <Statistic title={t('report.students')} value={o.students} />
            <Statistic title={t('report.submitted')} value={o.submitted} />
            <Statistic title={t('report.approved')} value={o.approved} />
            <ScoreSummaryFigures summary={o.summary} testId="report-summary" />
            <Statistic title={t('report.averageWords')} value={o.averageWords ?? '—'} />
          </div>
          {o.approved === 0 ? (
            <Alert type="info" showIcon message={t('report.noneApproved')} />
          ) : (
            <div className="zp-report-grid">
              <div>
                <h4>{t('report.distribution')}</h4>
                <Suspense fallback={<Skeleton.Node active />}>
                  <CountBars labels={o.scale.map((b) => b.label)} counts={o.scale.map((b) => b.count)} name={t('report.count')} />
                </Suspense>
              </div>
              <div>
                <h4>{t('report.bands')}</h4>
                <ul className="zp-report-bands">
                  {o.bands.map((b) => (
                    <li key={b.band}>
                      <Tag color={BAND_COLORS[b.band]}>{b.label}</Tag>
                      <span className="zp-report-bar" style={{ width: `${o.approved ? (b.count / o.approved) * 100 : 0}%` }} />
                      <b>{b.count}</b>
                    </li>
                  ))}
                </ul>
              </div>
            </div>
          )}
        </section>
      )}

      {report.dimensions && (
        <section className="zp-report-section" part="report-section" data-testid="report-dimensions-section">
          <h3>{t('report.section.dimensions')}</h3>
          <div className="zp-report-grid">
            <Suspense fallback={<Skeleton.Node active />}>
              <DimensionChart
                names={report.dimensions.map((d) => d.name)}
                values={report.dimensions.map((d) => d.average)}
                previous={report.comparison?.dimensions.map((d) => d.previous)}
                labels={[report.task.title, report.comparison?.previous?.title ?? '']}
              />
            </Suspense>
            <Table
              size="small"
              pagination={false}
              rowKey="id"
              dataSource={report.dimensions}
              columns={dimensionColumns(report.dimensions, t)}
            />
          </div>
        </section>
      )}

      {report.commonProblems && (
        <section className="zp-report-section" part="report-section" data-testid="report-problems">
          <h3>{t('report.section.commonProblems')}</h3>
          {report.commonProblems.length === 0 ? (
            <p className="zp-report-muted">{t('report.noProblems')}</p>
          ) : (
            report.commonProblems.map((p) => (
              <div key={p.kind} className="zp-report-problem">
                <b>{p.label}</b> <span className="zp-report-muted">{t('report.problemCount', { count: p.count, essays: p.essays })}</span>
                <div>
                  {p.examples.map((e) => (
                    <Tag key={e.text}>
                      {e.text} ×{e.count}
                    </Tag>
                  ))}
                </div>
              </div>
            ))
          )}
        </section>
      )}

      {report.goodSentences && report.goodSentences.length > 0 && (
        <section className="zp-report-section" part="report-section" data-testid="report-sentences">
          <h3>{t('report.section.goodSentences')}</h3>
          <Checkbox.Group value={picked} onChange={(v) => setPicked(v as string[])} className="zp-report-sentences">
            {report.goodSentences.map((g) => (
              <Checkbox key={g.text} value={g.text}>
                “{g.text}” <span className="zp-report-muted">— {g.studentName}</span>
              </Checkbox>
            ))}
          </Checkbox.Group>
          <Button
            size="small"
            disabled={!picked.length}
            onClick={() => void navigator.clipboard?.writeText(picked.join('\n')).then(() => void message.success(t('report.copied')))}
          >
            {t('report.copyPicked')}
          </Button>
        </section>
      )}

      {report.samples && report.samples.length > 0 && (
        <section className="zp-report-section" part="report-section" data-testid="report-samples">
          <h3>{t('report.samples')}</h3>
          {report.samples.map((x) => (
            <div key={x.sampleId} className="zp-report-excellent">
              <b>{x.title}</b> · {x.studentName} <Tag color={x.status === 'published' ? 'green' : 'default'}>{t(`sample.status.${x.status}`)}</Tag>
              {x.status === 'published' && <span className="zp-report-muted">{t('samples.likes', { n: x.likeCount })}</span>}
              {props.onOpenEssay && (
                <Button type="link" size="small" aria-label={x.title} onClick={() => props.onOpenEssay!(x.essayId)}>
                  ›
                </Button>
              )}
            </div>
          ))}
        </section>
      )}

      {report.excellent && report.excellent.length > 0 && (
        <section className="zp-report-section" part="report-section" data-testid="report-excellent">
          <h3>{t('report.section.excellent')}</h3>
          {report.excellent.map((e) => (
            <div key={e.essayId} className="zp-report-excellent">
              <b>{e.studentName}</b> <Tag color="green">{e.score}</Tag>
              {props.onOpenEssay && (
                <Button type="link" size="small" onClick={() => props.onOpenEssay!(e.essayId)}>
                  ›
                </Button>
              )}
              <p>{e.excerpt}</p>
            </div>
          ))}
        </section>
      )}

      {report.attention && (
        <section className="zp-report-section" part="report-section" data-testid="report-attention">
          <h3>{t('report.section.attention')}</h3>
          {report.attention.length === 0 ? (
            <p className="zp-report-muted">{t('report.noAttention')}</p>
          ) : (
            <div className="zp-report-tags">
              {report.attention.map((a) => (
                <Tag key={a.studentId} color={a.reason === 'low' || a.reason === 'dropped' ? 'red' : 'default'}>
                  {a.studentName} · {t(`report.attention.${a.reason}`, { percent: a.score ?? pct(a.percent), previous: a.previousScore ?? pct(a.previous) })}
                </Tag>
              ))}
            </div>
          )}
        </section>
      )}

      {report.comparison && (
        <section className="zp-report-section" part="report-section" data-testid="report-comparison">
          <h3>{t('report.section.comparison')}</h3>
          {report.comparison.previous ? (
            <>
              <div className="zp-report-figures">
                <Statistic title={t('report.previousTask', { title: report.comparison.previous.title })} value={pct(report.comparison.previous.average)} />
                <Statistic title={report.task.title} value={pct(report.comparison.current)} />
                <Statistic title={t('report.delta')} value={report.comparison.delta === null ? '—' : `${report.comparison.delta > 0 ? '+' : ''}${report.comparison.delta}`} />
              </div>
              <h4>{t('report.trend')}</h4>
              <Suspense fallback={<Skeleton.Node active />}>
                <TrendLine labels={report.comparison.trend.map((x) => x.title)} values={report.comparison.trend.map((x) => x.average)} names={[t('report.average')]} />
              </Suspense>
            </>
          ) : (
            <p className="zp-report-muted">{t('report.noPrevious')}</p>
          )}
        </section>
      )}

      {report.students && (
        <section className="zp-report-section" part="report-section" data-testid="report-students">
          <h3>{t('report.section.students')}</h3>
          <Table<ReportStudent>
            size="small"
            rowKey="studentId"
            pagination={false}
            scroll={{ x: 640 }}
            dataSource={report.students}
            columns={[
              { title: t('report.col.no'), dataIndex: 'studentNo', width: 70 },
              { title: t('report.col.name'), dataIndex: 'name' },
              { title: t('report.col.status'), dataIndex: 'status', render: (s: ReportStudent['status']) => t(`report.status.${s}`) },
              { title: t('report.col.score'), dataIndex: 'score', render: (s: string | null) => s ?? '—' },
              ...report.students[0]!.dimensions.map((d, i) => ({ title: report.dimensions?.[i]?.name ?? d.id, key: d.id, render: (_: unknown, s: ReportStudent) => s.dimensions[i]?.score ?? '—' })),
              { title: t('report.col.words'), dataIndex: 'wordCount', render: (w: number | null) => w ?? '—' },
              { title: t('report.col.previous'), dataIndex: 'previous', render: pct },
              { title: t('report.col.wrongChars'), dataIndex: 'wrongChars' },
            ]}
          />
        </section>
      )}

      {report.studentPages && (
        <section className="zp-report-section" part="report-section" data-testid="report-student-pages">
          <h3>{t('report.section.studentPages')}</h3>
          {report.studentPages.map((p) => (
            <StudentPage key={p.essayId} page={p} />
          ))}
        </section>
      )}
    </div>
  );
}
