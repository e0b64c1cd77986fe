import { Tag } from 'antd';
import type { ReportStudentPage } from '../../core/api/contracts/class-report';
import { useT } from '../i18n/i18n-context';

/** One student's page of the full report: the essay image, the score, dimension scores, comments and marks. */
export function StudentPage({ page }: { page: ReportStudentPage }) {
  const t = useT();
  return (
    <article className="zp-report-student" data-testid="report-student-page">
      <div className="zp-report-student-images">
        {page.pages.map((img, i) => (
          <img key={img.url} src={img.url} alt={`${page.name} ${i + 1}`} loading="lazy" style={{ transform: img.rotation ? `rotate(${img.rotation}deg)` : undefined }} />
        ))}
      </div>
      <div className="zp-report-student-body">
        <h4>
          {page.name} <Tag color="red">{page.score ?? '—'}</Tag>
        </h4>
        <div className="zp-report-tags">
          {page.dimensions.map((d) => (
            <Tag key={d.id}>
              {d.name} {d.score ?? '—'}
            </Tag>
          ))}
        </div>
        {page.teacherComment && (
          <p>
            <b>{t('report.teacherComment')}：</b>
            {page.teacherComment}
          </p>
        )}
        {page.aiComment && (
          <p className="zp-report-muted">
            <b>{t('report.aiComment')}：</b>
            {page.aiComment}
          </p>
        )}
        {page.marks.length > 0 && (
          <ul className="zp-report-marks">
            {page.marks.map((m, i) => (
              <li key={i}>
                {m.excerpt} <span className="zp-report-muted">{m.message}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </article>
  );
}
