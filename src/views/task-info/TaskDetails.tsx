import type { ReactNode } from 'react';
import { Descriptions, Empty, Tag, Typography } from 'antd';
import type { AutoCorrectionConfig } from '../../core/api/contracts/platform';
import type { ScoringLevel } from '../../core/api/contracts/scoring';
import type { Task } from '../../core/api/contracts/tasks';
import { gradeLabel } from '../common/use-grade-options';
import { useLang, useT } from '../i18n/i18n-context';
import { dimensionLabel } from '../../core/scoring/dimensions';
import { standardName } from '../scoring/standard-name';
import { schoolTime } from '../../core/time/school-time';

const TYPE_KEYS = { textbookUnit: 'task.typeTextbookUnit', fiveFourUnit: 'task.typeFiveFourUnit', selfSet: 'task.typeSelfSet' } as const;
const DIFFICULTY_KEYS = { easy: 'task.difficultyEasy', normal: 'task.difficultyNormal', hard: 'task.difficultyHard' } as const;

export interface TaskDetailsProps {
  task: Task;
  /** the genre's name from the dictionary (the task stores its value) */
  genreLabel?: string;
  /** the task's scoring standard (or the school default when the task has none) */
  scoring?: ScoringLevel | null;
  /** the teacher's AI review start setting */
  aiConfig?: AutoCorrectionConfig | null;
  /** requirements, guidance, material, scoring and AI setting too (the review requirements page) */
  full?: boolean;
  extra?: ReactNode;
}

/**
 * An essay task as the teacher reviews against it: title, type, genre, grade, difficulty, times and,
 * in full, the numbered writing requirements, guidance, material, the scoring standard (score type,
 * dimensions, strictness) and the AI review start delay.
 */
export function TaskDetails({ task, genreLabel, scoring, aiConfig, full, extra }: TaskDetailsProps) {
  const t = useT();
  const lang = useLang();
  const time = (v: string) => schoolTime(v);
  const items = [
    { key: 'type', label: t('task.type'), children: t(TYPE_KEYS[task.type]) },
    { key: 'genre', label: t('task.genre'), children: genreLabel ?? task.genre },
    { key: 'grade', label: t('teaching.grade'), children: gradeLabel(task.grade, lang) },
    { key: 'difficulty', label: t('task.difficulty'), children: t(DIFFICULTY_KEYS[task.difficulty]) },
    { key: 'release', label: t('task.releaseTime'), children: time(task.releaseAt) },
    { key: 'deadline', label: t('task.deadline'), children: time(task.deadline) },
    { key: 'classes', label: t('task.classes'), children: task.classes.map((c) => c.name).join('、') },
    { key: 'status', label: t('upload.status'), children: <Tag color={task.status === 'released' ? 'green' : 'default'}>{t(task.status === 'released' ? 'task.statusReleased' : 'task.statusScheduled')}</Tag> },
  ];
  const requirements = task.requirements.length ? (
    <ol style={{ margin: 0, paddingLeft: 20 }} data-testid="task-requirements">
      {task.requirements.map((r, i) => (
        <li key={i}>{r}</li>
      ))}
    </ol>
  ) : (
    <Typography.Text type="secondary">{t('taskInfo.none')}</Typography.Text>
  );
  const text = (v: string) => (v.trim() ? <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{v}</Typography.Paragraph> : <Typography.Text type="secondary">{t('taskInfo.none')}</Typography.Text>);
  const aiDelay = !aiConfig
    ? '—'
    : !aiConfig.enabled
      ? t('taskInfo.aiManual')
      : t('taskInfo.aiDelay', { seconds: aiConfig.waitMinute });

  return (
    <div data-testid="task-details">
      <Descriptions title={task.title} extra={extra} size="small" column={{ xs: 1, sm: 2, lg: 4 }} items={items} />
      {full ? (
        <Descriptions
          size="small"
          bordered
          column={1}
          style={{ marginTop: 16 }}
          styles={{ label: { width: 160 } }}
          items={[
            { key: 'requirements', label: t('task.requirements'), children: requirements },
            { key: 'guidance', label: t('task.guidance'), children: text(task.guidance) },
            { key: 'material', label: t('task.material'), children: text(task.material) },
            {
              key: 'scoring',
              label: t('task.ratingType'),
              children: scoring ? (
                <div data-testid="task-scoring">
                  <div>
                    {standardName(scoring, t)} · {t(`scoring.type${scoring.levelType}` as 'scoring.type1')} · {t('common.labelValue', { label: t('scoring.difficulty'), value: t(scoring.difficulty === 1 ? 'scoring.hard' : 'scoring.normal') })}
                  </div>
                  <div style={{ marginTop: 6 }}>
                    {scoring.dimensions.map((d) => (
                      <Tag key={d}>{dimensionLabel(d, lang)}</Tag>
                    ))}
                  </div>
                </div>
              ) : (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('taskInfo.noScoring')} />
              ),
            },
            { key: 'ai', label: t('taskInfo.aiSetting'), children: <span data-testid="task-ai-delay">{aiDelay}</span> },
          ]}
        />
      ) : (
        task.requirements.length > 0 && (
          <Descriptions size="small" column={1} items={[{ key: 'requirements', label: t('task.requirements'), children: requirements }]} />
        )
      )}
    </div>
  );
}
