import { describe, expect, it } from 'vitest';
import { commentsShown } from './comments-shown';

describe('commentsShown', () => {
  it('shows an adopted AI comment once, as the teacher’s', () => {
    expect(commentsShown('文章结构清楚。\n', '文章结构 清楚。')).toEqual({ teacherComment: '文章结构清楚。', aiComment: '' });
  });
  it('keeps both when the teacher wrote their own', () => {
    expect(commentsShown('写得真好！', '文章结构清楚。')).toEqual({ teacherComment: '写得真好！', aiComment: '文章结构清楚。' });
  });
  it('keeps the AI comment when the teacher wrote none', () => {
    expect(commentsShown(null, '文章结构清楚。')).toEqual({ teacherComment: '', aiComment: '文章结构清楚。' });
  });
});
