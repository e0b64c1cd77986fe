// @vitest-environment jsdom
import type { ReactNode } from 'react';
import { act, cleanup, renderHook } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../core/api/client';
import type { ReviewWorkspace } from '../../core/api/contracts/review';
import { loadCatalogue } from '../../core/i18n/catalogue-store';
import { wholeCatalogues } from '../../core/i18n/whole-catalogues';
import { I18nProvider } from '../i18n/i18n-context';
import { useReviewActions, type PanelApi } from './use-review-actions';

beforeAll(() => Promise.all([loadCatalogue('zh', wholeCatalogues), loadCatalogue('en', wholeCatalogues)]));
afterEach(cleanup);

const ws = {
  essay: { id: 7 },
  task: { scoreType: 3, fullMark: 100, levels: [], dimensions: [] },
  correction: { status: 'done' },
  review: { approved: false },
} as unknown as ReviewWorkspace;

function approveRefusedWith(error: ApiError) {
  const api = { review: { approve: vi.fn(async () => Promise.reject(error)) } } as unknown as PanelApi;
  const onCommentEmpty = vi.fn();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <I18nProvider lang="zh" catalogues={wholeCatalogues}>
      <App>{children}</App>
    </I18nProvider>
  );
  const { result } = renderHook(
    () =>
      useReviewActions({
        api,
        ws,
        draft: { essayId: 7, teacherComment: '好', scores: [], annotations: [] },
        readonly: false,
        saveNow: async () => true,
        markSaved: vi.fn(),
        reload: async () => null,
        patchReview: vi.fn(),
        onQueued: vi.fn(),
        onCommentEmpty,
        onNeighbour: vi.fn(),
        onGone: vi.fn(),
      }),
    { wrapper },
  );
  return { result, onCommentEmpty };
}

describe('approving from the correction panel', () => {
  it('points at the comment when the server refuses it as empty, by the code alone', async () => {
    // The server's text is in another language than the page: only the code tells what was refused.
    const { result, onCommentEmpty } = approveRefusedWith(new ApiError('Teacher comments cannot be empty', 400, 'COMMENT_EMPTY'));
    await act(() => result.current.approve());
    expect(onCommentEmpty).toHaveBeenCalledTimes(1);
  });

  it('does not point at the comment for another refusal that quotes its text', async () => {
    const { result, onCommentEmpty } = approveRefusedWith(new ApiError('请求参数有误：教师评语不能为空', 400, 'VALIDATION'));
    await act(() => result.current.approve());
    expect(onCommentEmpty).not.toHaveBeenCalled();
  });
});
