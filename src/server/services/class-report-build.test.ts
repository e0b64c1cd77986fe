import { describe, expect, it } from 'vitest';
import type { ClassRow } from '../repositories/class-report';
import { buildClassReport } from './class-report-build';

// A letter-grade task's dimensions were shown as percent averages (88.8, spread 9.9, 62.5–92.5) beside
// letters everywhere else: they are now levels counted with the middle level, like the overview.
const DIMS = ['theme', 'content', 'structure', 'language', 'mechanics'] as const;
const row = (i: number, theme: string, other: string): ClassRow =>
  ({
    studentId: i,
    studentNo: `T${i}`,
    name: `学生${i}`,
    status: 'approved',
    essayId: 100 + i,
    teacherScore: theme,
    dimensionScores: DIMS.map((id) => ({ id, label: id === 'theme' ? theme : other })),
    notes: [],
    wordCount: 450,
    transcript: '正文',
    teacherComment: null,
    aiComment: null,
  }) as unknown as ClassRow;

const report = (scoreType: 1 | 3) =>
  buildClassReport({
    task: { id: 1, title: '我的老师', genre: '记叙文', grade: 7 },
    cls: { id: 1, name: '七年级1班' },
    mode: 'simple',
    sections: ['overview', 'dimensions'],
    rows: [row(1, 'A', 'B'), row(2, 'A', 'B'), row(3, 'B', 'C'), row(4, 'C', 'C')],
    scoring: { scoreType, fullMark: scoreType === 3 ? 100 : null, dimensions: [...DIMS] },
    history: [],
    historyRows: [],
    lang: 'zh',
  });

describe('class report dimensions on the task’s scale', () => {
  it('a letter task counts each dimension’s levels and names its middle level', () => {
    const theme = report(1).dimensions!.find((d) => d.id === 'theme')!;
    expect(theme.summary).toMatchObject({ kind: 'levels', count: 4, levels: [{ label: 'A', count: 2 }, { label: 'B', count: 1 }, { label: 'C', count: 1 }], average: null });
    expect(theme.summary.median).toMatch(/^[AB]$/);
    const language = report(1).dimensions!.find((d) => d.id === 'language')!;
    expect(language.summary).toMatchObject({ kind: 'levels', levels: [{ label: 'A', count: 0 }, { label: 'B', count: 2 }, { label: 'C', count: 2 }] });
  });
});
