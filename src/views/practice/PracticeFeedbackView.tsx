import type { PracticeAttempt } from '../../core/api/contracts/practice';
import type { MessageKey } from '../../core/i18n';
import { useT } from '../i18n/i18n-context';
import './practice.css';

/**
 * One attempt's AI feedback, always under the "AI feedback (not reviewed by a teacher)" label, and the
 * teacher's comment when there is one. Plain markup: used by the teacher's pages (antd) and the
 * students' phone page (antd-mobile) alike.
 */
export function PracticeFeedbackView({ attempt }: { attempt: PracticeAttempt }) {
  const t = useT();
  const f = attempt.feedback;
  return (
    <div className="zp-practice-feedback" data-testid="practice-feedback">
      {attempt.teacherComment && (
        <div className="zp-pf-teacher" data-testid="practice-teacher-comment">
          <strong>{t('practice.teacherComment')}：</strong>
          {attempt.teacherComment}
        </div>
      )}
      {attempt.status === 'failed' ? (
        <div className="zp-pf-label">{t('practice.status.failed')}</div>
      ) : !f ? (
        <div className="zp-pf-label" data-testid="practice-feedback-waiting">{t('h5.practice.waiting')}</div>
      ) : (
        <>
          <div className="zp-pf-label" data-testid="practice-ai-label">{t('practice.aiFeedback')}</div>
          <div className="zp-pf-head">
            {f.scorePercent !== null && <span className="zp-pf-score" data-testid="practice-ai-score">{f.scorePercent}</span>}
            {f.level && <span className="zp-pf-band">{t(`practice.band.${f.level}` as MessageKey)}</span>}
            <span className={f.wordCount >= f.minWords ? 'zp-pf-words' : 'zp-pf-words zp-pf-short'}>{t('practice.words', { count: f.wordCount, min: f.minWords })}</span>
          </div>
          {f.focus && (
            <div className={f.focus.met ? 'zp-pf-focus zp-pf-met' : 'zp-pf-focus'} data-testid="practice-focus">
              <div>{f.focus.text}</div>
              {f.focus.examples.length > 0 && (
                <ul>
                  {f.focus.examples.map((e) => (
                    <li key={e}>{e}</li>
                  ))}
                </ul>
              )}
            </div>
          )}
          <div className="zp-pf-section">
            <h4>{t('practice.overall')}</h4>
            <p>{f.overall}</p>
          </div>
          {f.dimensions.length > 0 && (
            <div className="zp-pf-section">
              <h4>{t('practice.dimensions')}</h4>
              {f.dimensions.map((d) => (
                <p key={d.id}>
                  <strong>
                    {d.name}
                    {d.percent !== null ? ` ${d.percent}` : ''}
                  </strong>
                  ：{d.text}
                </p>
              ))}
            </div>
          )}
          {f.goodSentences.length > 0 && (
            <div className="zp-pf-section">
              <h4>{t('practice.goodSentences')}</h4>
              <ul>
                {f.goodSentences.map((g) => (
                  <li key={g}>{g}</li>
                ))}
              </ul>
            </div>
          )}
          {f.notes.length > 0 && (
            <div className="zp-pf-section">
              <h4>{t('practice.notes')}</h4>
              <ul>
                {f.notes.map((n, i) => (
                  <li key={i}>
                    「{n.excerpt}」{n.message}
                  </li>
                ))}
              </ul>
            </div>
          )}
        </>
      )}
    </div>
  );
}
