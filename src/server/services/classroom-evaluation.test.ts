import { describe, expect, it } from 'vitest';
import type { WritingStatistics } from '../../core/api/contracts/review';
import type { CurrentEssayRow } from '../repositories/writing-statistics';
import { buildClassroomEvaluation } from './classroom-evaluation';

const row = (id: number, name: string, percent: number) =>
  ({ id, studentId: id, studentName: name, studentNo: String(id), status: 'ai_done', correctionStatus: 'done', score: { percent, dimensions: [] }, notes: [], transcript: `题目\n${name}的作文正文。`, aiScore: String(percent), teacherScore: null, dimensionScores: [] }) as unknown as CurrentEssayRow;

const statistics: WritingStatistics = { students: 3, submitted: 3, aiDone: 3, approved: 0, abnormal: 0, averageAi: 62, averageTeacher: null, aiSummary: { kind: 'points', count: 3, levels: [], median: null, average: 62, highest: 85, lowest: 48, fullMark: 100 }, teacherSummary: { kind: 'points', count: 0, levels: [], median: null, average: null, highest: null, lowest: null, fullMark: 100 }, averageWords: 300, bands: [{ band: 'qualified', label: '合格', count: 3 }], distribution: [], dimensions: [], commonProblems: [] };

describe('classroom evaluation on the projector', () => {
  it('names among the best essays only pupils at the medium band or above', () => {
    const ev = buildClassroomEvaluation({ taskTitle: '题目', className: '七年级1班', rows: [row(1, '甲', 85), row(2, '乙', 55), row(3, '丙', 48)], statistics, scoring: { scoreType: 2, dimensions: [], fullMark: 100 } as never, lang: 'zh' });
    expect(ev.topEssays.map((e) => e.studentName)).toEqual(['甲']);
  });

  it('counts an off-topic or unfinished essay among the problems without naming its pupil', () => {
    const flagged: WritingStatistics = {
      ...statistics,
      commonProblems: [
        { kind: 'offTopic', label: '疑似偏题', essays: 1, examples: ['丙'] },
        { kind: 'wrongChar', label: '错别字', essays: 1, examples: ['“象”应为“像”'] },
      ],
    };
    const ev = buildClassroomEvaluation({ taskTitle: '题目', className: '七年级1班', rows: [row(1, '甲', 85), row(2, '乙', 55), row(3, '丙', 48)], statistics: flagged, scoring: { scoreType: 2, dimensions: [], fullMark: 100 } as never, lang: 'zh' });
    const text = ev.problems.join('\n');
    expect(text).toContain('疑似偏题');
    expect(text).not.toContain('丙');
    expect(text).toContain('“象”应为“像”');
  });
});
