import { useEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Button, Empty, Modal, Skeleton, Space } from 'antd';
import { CloseOutlined, FullscreenOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import type { ClassroomEvaluation as Evaluation } from '../../core/api/contracts/review';
import type { ReviewApi } from '../../core/api/endpoints/review';
import { useAsync } from '../hooks/use-async';
import { useT, type Translate } from '../i18n/i18n-context';
import { WritingStats } from './WritingStats';
import styles from './classroom-evaluation.css?inline';

export interface ClassroomEvaluationProps {
  api: { review: Pick<ReviewApi, 'classroomEvaluation'> };
  taskId: number;
  classId: number;
  onClose(): void;
  /** Where the modal mounts: the shadow root's mount when embedded in a custom element. */
  getContainer?: () => HTMLElement;
}

interface Slide {
  key: string;
  title: string;
  body: ReactNode;
}

/** The evaluation's sections, each a slide when presenting; empty sections are left out. */
function slides(e: Evaluation, t: Translate): Slide[] {
  const list = (items: string[]) => (
    <ul>
      {items.map((s, i) => (
        <li key={i}>{s}</li>
      ))}
    </ul>
  );
  const all: Array<Slide | false> = [
    { key: 'summary', title: t('evaluation.summary'), body: <p className="zp-eval-summary">{e.summary}</p> },
    e.strengths.length > 0 && { key: 'strengths', title: t('evaluation.strengths'), body: list(e.strengths) },
    e.problems.length > 0 && { key: 'problems', title: t('evaluation.problems'), body: list(e.problems) },
    e.goodSentences.length > 0 && {
      key: 'sentences',
      title: t('evaluation.goodSentences'),
      body: e.goodSentences.map((g, i) => (
        <blockquote className="zp-eval-quote" key={i} data-testid="eval-sentence">
          <q>{g.text}</q>
          <footer>
            —— {g.studentName}
            {g.why ? ` · ${g.why}` : ''}
          </footer>
        </blockquote>
      )),
    },
    e.topEssays.length > 0 && {
      key: 'essays',
      title: t('evaluation.topEssays'),
      body: e.topEssays.map((x) => (
        <div className="zp-eval-essay" key={x.essayId}>
          <div className="zp-eval-essay-head">
            <span>{x.studentName}</span>
            <span>{x.score ?? '—'}</span>
          </div>
          <p>{x.excerpt}</p>
        </div>
      )),
    },
    e.wrongCharacters.length > 0 && {
      key: 'chars',
      title: t('evaluation.wrongCharacters'),
      body: (
        <div className="zp-eval-chars">
          {e.wrongCharacters.map((w) => (
            <span className="zp-eval-char" key={`${w.wrong}-${w.fix}`}>
              <s>{w.wrong}</s> → <b>{w.fix}</b> ×{w.count}
            </span>
          ))}
        </div>
      ),
    },
    { key: 'stats', title: t('evaluation.statistics'), body: <WritingStats stats={e.statistics} compact /> },
  ];
  return all.filter((s): s is Slide => Boolean(s));
}

/**
 * Classroom evaluation of a task in a class: summary, strengths, problems, good sentences with the
 * students' names, top essays, frequent wrong characters and the statistics, in a full-width modal.
 * "Present" shows one section at a time on the whole screen with large type (arrow keys or the
 * buttons move between sections, Esc leaves), for the classroom projector.
 */
export function ClassroomEvaluation({ api, taskId, classId, onClose, getContainer }: ClassroomEvaluationProps) {
  const t = useT();
  const data = useAsync(() => api.review.classroomEvaluation(taskId, classId), [api.review, taskId, classId]);
  const [presenting, setPresenting] = useState(false);
  const [index, setIndex] = useState(0);
  const stage = useRef<HTMLDivElement>(null);
  const sections = data.data ? slides(data.data, t) : [];

  // Browser full screen is a bonus: the overlay already covers the window when it is refused.
  useEffect(() => {
    if (!presenting) return;
    const el = stage.current;
    el?.focus();
    el?.requestFullscreen?.().catch(() => undefined);
    const left = () => {
      if (!document.fullscreenElement) setPresenting(false);
    };
    document.addEventListener('fullscreenchange', left);
    return () => {
      document.removeEventListener('fullscreenchange', left);
      if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    };
  }, [presenting]);

  const go = (d: number) => setIndex((i) => Math.max(0, Math.min(sections.length - 1, i + d)));
  const current = sections[Math.min(index, Math.max(0, sections.length - 1))];

  return (
    <Modal open width="min(1280px, 96vw)" footer={null} onCancel={onClose} title={t('evaluation.title')} getContainer={getContainer} destroyOnHidden>
      <style>{styles}</style>
      {data.loading && !data.data ? (
        <Skeleton active />
      ) : !data.data ? (
        <Empty description={t('evaluation.none')} />
      ) : (
        <div className="zp-eval" data-testid="classroom-evaluation">
          <div className="zp-eval-head">
            <div>
              <h2>{data.data.taskTitle}</h2>
              <div className="zp-eval-class">{data.data.className}</div>
            </div>
            <Button
              type="primary"
              icon={<FullscreenOutlined />}
              onClick={() => {
                setIndex(0);
                setPresenting(true);
              }}
              data-testid="eval-present"
            >
              {t('evaluation.present')}
            </Button>
          </div>
          {sections[0]!.body}
          <div className="zp-eval-grid">
            {sections.slice(1, -1).map((s) => (
              <section className="zp-eval-section" key={s.key}>
                <h3>{s.title}</h3>
                {s.body}
              </section>
            ))}
          </div>
          <section className="zp-eval-section">
            <h3>{sections[sections.length - 1]!.title}</h3>
            {sections[sections.length - 1]!.body}
          </section>
          {presenting &&
            current &&
            createPortal(
            <div
              className="zp-eval-present"
              ref={stage}
              tabIndex={-1}
              data-testid="eval-presenting"
              onKeyDown={(e) => {
                if (e.key === 'ArrowRight' || e.key === 'PageDown' || e.key === ' ') go(1);
                else if (e.key === 'ArrowLeft' || e.key === 'PageUp') go(-1);
                else if (e.key === 'Escape') setPresenting(false);
                else return;
                e.preventDefault();
                e.stopPropagation();
              }}
            >
              <div className="zp-eval-present-bar">
                <strong>
                  {data.data.taskTitle} · {data.data.className}
                </strong>
                <Space>
                  <Button icon={<LeftOutlined />} disabled={index === 0} onClick={() => go(-1)} aria-label={t('evaluation.previous')} />
                  <span>
                    {index + 1} / {sections.length}
                  </span>
                  <Button icon={<RightOutlined />} disabled={index >= sections.length - 1} onClick={() => go(1)} aria-label={t('evaluation.next')} data-testid="eval-next" />
                  <Button icon={<CloseOutlined />} onClick={() => setPresenting(false)} data-testid="eval-exit">
                    {t('evaluation.exitPresent')}
                  </Button>
                </Space>
              </div>
              <div className="zp-eval-present-body">
                <section className="zp-eval-section">
                  <h3>{current.title}</h3>
                  {current.body}
                </section>
              </div>
              <style>{styles}</style>
            </div>,
            getContainer?.() ?? document.body,
          )}
        </div>
      )}
    </Modal>
  );
}
