import { lazy, Suspense, useRef, useState, type CSSProperties } from 'react';
// antd-mobile by path: the index's chunk carries ErrorBlock and Toast into the first load. Popup (with
// Mask and react-spring), Toast and the link-error page load when they are shown.
import Button from 'antd-mobile/es/components/button';
import DotLoading from 'antd-mobile/es/components/dot-loading';
import ProgressBar from 'antd-mobile/es/components/progress-bar';
import { useSearchParams } from 'react-router-dom';
import { ApiError } from '../../core/api/client';
import { scoreSummaryLine } from '../../core/scoring/score-summary';
import { useAsync } from '../../views/hooks/use-async';
import { useLang, useT } from '../../views/i18n/i18n-context';
import { useH5 } from '../h5-context';
import { parentPdfUrl } from '../parent-pdf-url';
import { showToast } from '../toast';
import { TrendChart } from './parent-report/TrendChart';
import styles from './parent-report/parent-report.css?inline';

const Popup = lazy(() => import('antd-mobile/es/components/popup'));
const UpgradePractice = lazy(() => import('./parent-report/UpgradePractice'));
const ParentLinkError = lazy(() => import('./parent-report/ParentLinkError').then((m) => ({ default: m.ParentLinkError })));

/**
 * `/teaching/h5/report?t=`: a parent's view of one student's approved essays, opened from the QR code
 * the teacher prints: score and class average, strengths first, one or two next steps, dimensions,
 * the teacher's and the AI's words, the trend and the essay itself; save as image, or download the PDF the server draws (/h5Pdf).
 */
export default function ParentReportPage() {
  const t = useT();
  const lang = useLang();
  const { reports } = useH5();
  const [params] = useSearchParams();
  const token = params.get('t') ?? '';
  const sheet = useRef<HTMLDivElement>(null);
  const [shot, setShot] = useState<string | null>(null);
  // the popup, once fetched for the first picture, stays mounted so that it closes as it did (animated)
  const [popupWanted, setPopupWanted] = useState(false);
  const [saving, setSaving] = useState(false);
  const [upgradeOpen, setUpgradeOpen] = useState(false);
  const report = useAsync(() => (token ? reports.parentReport(token) : Promise.reject(new ApiError('', 404, 'PARENT_LINK_INVALID'))), [reports, token]);

  if (report.loading) return <DotLoading />;
  if (report.error || !report.data)
    return (
      <Suspense fallback={<DotLoading />}>
        <ParentLinkError error={report.error} />
      </Suspense>
    );
  const r = report.data;
  const c = r.current;

  const saveImage = async () => {
    setSaving(true);
    try {
      const { default: html2canvas } = await import('html2canvas');
      const canvas = await html2canvas(sheet.current!, { scale: Math.min(2, window.devicePixelRatio || 1), useCORS: true, backgroundColor: '#f5f5f5' });
      setShot(canvas.toDataURL('image/png'));
      setPopupWanted(true);
      showToast({ content: t('parentReport.saved') });
    } finally {
      setSaving(false);
    }
  };

  return (
    <main className="pr-page" data-testid="parent-report">
      <style>{styles}</style>
      <div ref={sheet} className="pr-sheet">
        <header className="pr-head">
          <h1>{t('parentReport.title', { name: r.student.name })}</h1>
          <p>
            {r.student.className}
            {c ? ` · ${c.title}` : ''}
          </p>
          {c && (
            <div className="pr-score">
              <b data-testid="parent-score">{c.score ?? '—'}</b>
              {c.classSummary.count > 0 && <span data-testid="parent-class-summary">{t('parentReport.classSummary', { summary: scoreSummaryLine(c.classSummary, lang) })}</span>}
            </div>
          )}
        </header>
        {!c ? (
          <section className="pr-card">
            <p>{t('parentReport.noEssay')}</p>
          </section>
        ) : (
          <>
            {/* The teacher's approved grade (above) and comment come first: they are the verdict. */}
            {(c.teacherComment || c.aiComment) && (
              <section className="pr-card" aria-labelledby="pr-words">
                <h2 id="pr-words">{t('parentReport.teacherSays')}</h2>
                {c.teacherComment && <p data-testid="parent-teacher-comment">{c.teacherComment}</p>}
                {c.aiComment && (
                  <p className="pr-muted">
                    {t('parentReport.aiSays')}：{c.aiComment}
                  </p>
                )}
              </section>
            )}
            <section className="pr-card" aria-labelledby="pr-strengths">
              <h2 id="pr-strengths">{t('parentReport.strengths')}</h2>
              <ul className="pr-list pr-good">
                {c.strengths.map((s) => (
                  <li key={s}>{s}</li>
                ))}
              </ul>
            </section>
            <section className="pr-card" aria-labelledby="pr-next">
              <h2 id="pr-next">{t('parentReport.nextSteps')}</h2>
              <ol className="pr-list">
                {c.nextSteps.map((s) => (
                  <li key={s}>{s}</li>
                ))}
              </ol>
            </section>
            <section className="pr-card" aria-labelledby="pr-dims">
              <h2 id="pr-dims">{t('parentReport.dimensions')}</h2>
              {c.dimensions.map((d) => (
                <div key={d.id} className="pr-dim">
                  <div className="pr-dim-row">
                    <span>{d.name}</span>
                    <span>
                      <b>{d.score ?? '—'}</b>
                      {d.classAverage !== null && <span className="pr-muted"> · {t('parentReport.classAverage', { average: Math.round(d.classAverage) })}</span>}
                    </span>
                  </div>
                  <ProgressBar percent={d.percent ?? 0} aria-hidden style={{ '--fill-color': '#c21939' } as CSSProperties} />
                </div>
              ))}
            </section>
            {r.trend.length > 1 && (
              <section className="pr-card" aria-labelledby="pr-trend">
                <h2 id="pr-trend">{t('parentReport.trend')}</h2>
                <TrendChart points={r.trend} labels={{ student: r.student.name, average: t('parentReport.classAverage', { average: '' }).trim() }} />
              </section>
            )}
            <section className="pr-card pr-essay" aria-labelledby="pr-essay">
              <h2 id="pr-essay">{t('parentReport.essay')}</h2>
              {c.pages.map((p, i) => (
                <img key={p.url} src={p.url} alt={`${t('parentReport.essay')} ${i + 1}`} loading="lazy" width={400} height={560} style={{ height: 'auto', transform: p.rotation ? `rotate(${p.rotation}deg)` : undefined }} />
              ))}
            </section>
            {c.transcript && (
              <section className="pr-card" aria-labelledby="pr-upgrade" data-html2canvas-ignore>
                <h2 id="pr-upgrade">{t('parentReport.upgrade')}</h2>
                {upgradeOpen ? (
                  <Suspense fallback={<DotLoading />}>
                    <UpgradePractice transcript={c.transcript} load={(text) => reports.parentUpgrade({ t: token, taskId: c.taskId, text })} />
                  </Suspense>
                ) : (
                  <Button block fill="outline" onClick={() => setUpgradeOpen(true)} data-testid="parent-upgrade-open">
                    {t('parentReport.upgradeOpen')}
                  </Button>
                )}
              </section>
            )}
          </>
        )}
      </div>
      <div className="pr-actions">
        <Button color="primary" loading={saving} onClick={() => void saveImage()} data-testid="parent-save-image" style={{ '--background-color': '#c21939', '--border-color': '#c21939' } as CSSProperties}>
          {saving ? t('parentReport.saving') : t('parentReport.saveImage')}
        </Button>
        {/* drawn by the server (/h5Pdf): the same on every phone, no print dialog */}
        <a className="adm-button adm-button-default adm-button-shape-default pr-pdf" href={parentPdfUrl(token, lang, c?.taskId)} data-testid="parent-save-pdf">
          {t('parentReport.savePdf')}
        </a>
      </div>
      {popupWanted && (
        <Suspense fallback={null}>
          {/* border-box: antd-mobile's bottom popup is 100% wide, and the padding pushed it (and the picture) 24 px past a phone's right edge */}
          <Popup visible={shot !== null} onMaskClick={() => setShot(null)} bodyStyle={{ padding: 12, boxSizing: 'border-box', maxHeight: '85vh', overflow: 'auto' }}>
            {shot && (
              <>
                <p>{t('parentReport.saved')}</p>
                <img className="pr-shot" src={shot} alt={t('parentReport.title', { name: r.student.name })} data-testid="parent-shot" />
                <a className="adm-button adm-button-block" href={shot} download={`${r.student.name}.png`} data-testid="parent-shot-download">
                  {t('parentReport.saveImage')}
                </a>
              </>
            )}
          </Popup>
        </Suspense>
      )}
    </main>
  );
}
