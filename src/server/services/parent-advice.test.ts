import { describe, expect, it } from 'vitest';
import { advice, withoutVerdict } from './parent-report-service';

const dims = [
  { id: 'theme', name: '立意切题', percent: 93, score: 'A' },
  { id: 'language', name: '语言表达', percent: 80, score: 'B' },
  { id: 'mechanics', name: '书写规范', percent: 62, score: 'C' },
];

describe('the parents’ page advice', () => {
  it('praises a dimension with its level on the task’s scale, never a percent (was 语言表达表现突出（93）)', () => {
    const a = advice(dims, [], 'zh');
    expect(a.strengths[0]).toBe('立意切题表现突出（A）');
    expect(a.strengths.join()).not.toMatch(/（\d+）/);
  });

  it('never tells parents to check wrong characters for an essay without any (was 检查错别字)', () => {
    const a = advice(dims, [{ kind: 'goodSentence', excerpt: '秋风像一把剪刀。' }], 'zh');
    expect(a.nextSteps.join()).not.toContain('错别字');
    const withErrors = advice(dims, [{ kind: 'wrongChar', excerpt: '渡', fix: '度' }], 'zh');
    expect(withErrors.nextSteps.join()).toContain('错别字');
  });

  it('removes the AI’s own verdict so it cannot contradict the teacher’s approved grade', () => {
    expect(withoutVerdict('写得较好的句子如“秋风像一把剪刀”。综合评定：B。')).toBe('写得较好的句子如“秋风像一把剪刀”。');
    expect(withoutVerdict('Strength: theme. Overall: B.')).toBe('Strength: theme.');
  });
});
