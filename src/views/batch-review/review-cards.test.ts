import { describe, expect, it } from 'vitest';
import type { ReviewWorkspace } from '../../core/api/contracts/review';
import { excerpt, toReviewCard } from './review-cards';

describe('batch review cards', () => {
  it('shortens the AI comment on whole characters and folds white space', () => {
    expect(excerpt('文章  结构\n清晰', 90)).toBe('文章 结构 清晰');
    expect(excerpt('一二三四五六', 4)).toBe('一二三四…');
    expect(excerpt('好𠀀𠀁', 2)).toBe('好𠀀…');
    expect(excerpt(null)).toBe('');
  });

  it('takes the first page as thumbnail (with its rotation), the flags and a pending revision from the workspace', () => {
    const w = {
      essay: { id: 7, pages: [{ id: 1, pageNo: 1, url: '/f/1', width: 10, height: 10, rotation: 270 }, { id: 2, pageNo: 2, url: '/f/2', width: 10, height: 10, rotation: 0 }] },
      correction: { aiScore: 'A', wordCount: 420, flags: [{ code: 'SKEWED', label: '图片倾斜', evidence: '', ranges: [] }], result: { comments: { overall: '内容具体。' } } },
      revision: { status: 'pending' },
      review: { teacherComment: '  ' },
    } as unknown as ReviewWorkspace;
    expect(toReviewCard(w)).toEqual({ essayId: 7, thumbnail: '/f/1', thumbnailRotation: 270, pageCount: 2, aiScore: 'A', wordCount: 420, excerpt: '内容具体。', flags: ['图片倾斜'], revisionPending: true, hasTeacherComment: false });
    expect(toReviewCard({ ...w, review: { ...w.review, teacherComment: '写得好' } }).hasTeacherComment).toBe(true);
  });
});
