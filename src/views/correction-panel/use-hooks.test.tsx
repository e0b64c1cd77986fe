// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReviewWorkspace } from '../../core/api/contracts/review';
import type { CorrectionApi } from '../../core/api/endpoints/correction';
import type { ReviewApi } from '../../core/api/endpoints/review';
import { BACKGROUND_AFTER_MS, useJobWatch } from './use-job-watch';
import { AUTOSAVE_DELAY_MS, useReviewDraft } from './use-review-draft';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const job = (status: 'queued' | 'running' | 'done' | 'failed', progress = 0) => ({
  essayId: 7,
  essayStatus: 'ai_running',
  job: { id: 1, status, progress, attempts: 1, maxAttempts: 5, runAt: '', lastError: null, finishedAt: null },
});

describe('following a long AI run', () => {
  it('sends the teacher back once after 10 seconds while the run goes on, then reports the end', async () => {
    let state: 'running' | 'done' = 'running';
    const api = { job: vi.fn(async () => job(state, 40)) } as unknown as CorrectionApi;
    const onFinished = vi.fn();
    const onBackground = vi.fn();
    const { result } = renderHook(() => useJobWatch(api, 7, { onFinished, onBackground }));
    act(() => result.current.watch({ leave: true }));
    await act(() => vi.advanceTimersByTimeAsync(BACKGROUND_AFTER_MS - 2000));
    expect(onBackground).not.toHaveBeenCalled();
    expect(result.current.job?.progress).toBe(40);
    await act(() => vi.advanceTimersByTimeAsync(4000));
    expect(onBackground).toHaveBeenCalledTimes(1);
    state = 'done';
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(onFinished).toHaveBeenCalledWith('done');
    expect(onBackground).toHaveBeenCalledTimes(1);
    expect(result.current.job).toBeNull();
  });

  it('stays on the page when following a run it did not start, and stops polling on unmount', async () => {
    const api = { job: vi.fn(async () => job('queued')) } as unknown as CorrectionApi;
    const onBackground = vi.fn();
    const { result, unmount } = renderHook(() => useJobWatch(api, 7, { onFinished: vi.fn(), onBackground }));
    act(() => result.current.watch({ leave: false }));
    await act(() => vi.advanceTimersByTimeAsync(BACKGROUND_AFTER_MS * 2));
    expect(onBackground).not.toHaveBeenCalled();
    unmount();
    const calls = (api.job as ReturnType<typeof vi.fn>).mock.calls.length;
    await vi.advanceTimersByTimeAsync(10_000);
    expect((api.job as ReturnType<typeof vi.fn>).mock.calls.length).toBe(calls);
  });
});

describe('following an AI run by its event stream', () => {
  it('shows each pushed state and reports the end without polling', async () => {
    let push: ((event: 'job' | 'done', view: ReturnType<typeof job>) => void) | undefined;
    let end: (() => void) | undefined;
    const api = {
      job: vi.fn(async () => job('queued')),
      jobEvents: vi.fn((_id: number, onEvent: typeof push, signal: AbortSignal) => {
        push = onEvent;
        return new Promise<void>((resolve) => {
          end = resolve;
          signal.addEventListener('abort', () => resolve());
        });
      }),
    } as unknown as CorrectionApi;
    const onFinished = vi.fn();
    const { result } = renderHook(() => useJobWatch(api, 7, { onFinished, onBackground: vi.fn() }));
    act(() => result.current.watch({ leave: false }));
    act(() => push!('job', job('running', 10)));
    expect(result.current.job).toMatchObject({ status: 'running', progress: 10 });
    act(() => push!('job', job('running', 90)));
    expect(result.current.job?.progress).toBe(90);
    act(() => push!('done', job('done', 100)));
    end!();
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(onFinished).toHaveBeenCalledWith('done');
    expect(result.current.job).toBeNull();
    expect(api.job).not.toHaveBeenCalled();
  });

  it('falls back to polling when the stream breaks off', async () => {
    const api = {
      job: vi.fn(async () => job('done', 100)),
      jobEvents: vi.fn(async () => {
        throw new Error('stream refused');
      }),
    } as unknown as CorrectionApi;
    const onFinished = vi.fn();
    const { result } = renderHook(() => useJobWatch(api, 7, { onFinished, onBackground: vi.fn() }));
    act(() => result.current.watch({ leave: false }));
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(api.job).toHaveBeenCalled();
    expect(onFinished).toHaveBeenCalledWith('done');
  });
});

function workspace(essayId: number): ReviewWorkspace {
  return {
    essay: { id: essayId, taskId: 1, classId: 1, studentId: essayId, studentName: '学生', studentNo: '1', draft: 0, status: 'ai_done', label: 'pendingReview', submittedTime: '', auditTime: null, pages: [] },
    task: { id: 1, title: 't', genre: 'narrative', grade: 7, requirements: [], scoreType: 1, fullMark: null, levels: ['A', 'B', 'C'], dimensions: [{ id: 'content', name: '内容', fullMark: null }] },
    className: 'c',
    correction: { result: { score: { dimensions: [{ id: 'content', name: '内容', percent: 80, label: 'B', evidence: [] }] } } } as unknown as ReviewWorkspace['correction'],
    review: { essayId, transcript: null, teacherComment: '', dimensionScores: [], annotations: [], teacherScore: null, approved: false, approvedAt: null, approvedBy: null, updatedAt: null },
    revision: null,
    previous: null,
    next: null,
    charBoxes: [],
    position: 1,
    total: 1,
  };
}

describe('autosave of the teacher’s edits', () => {
  it('saves once typing pauses, only the fields the teacher touched', async () => {
    const save = vi.fn(async () => workspace(7).review);
    const review = { save } as unknown as ReviewApi;
    const ws = workspace(7);
    const { result } = renderHook(() => useReviewDraft(review, ws, false));
    expect(result.current.draft?.scores).toEqual([{ id: 'content', label: 'B' }]);
    act(() => result.current.edit({ teacherComment: '写' }));
    act(() => result.current.edit({ teacherComment: '写得好' }));
    expect(result.current.state).toBe('dirty');
    await act(() => vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS - 100));
    expect(save).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(save).toHaveBeenCalledTimes(1);
    expect(save).toHaveBeenCalledWith({ essayId: 7, teacherComment: '写得好' });
    expect(result.current.state).toBe('saved');
  });

  it('saves what is pending when the panel unmounts, and says so when a save fails', async () => {
    const save = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(workspace(7).review);
    const review = { save } as unknown as ReviewApi;
    const ws = workspace(7);
    const { result, unmount } = renderHook(() => useReviewDraft(review, ws, false));
    act(() => result.current.edit({ scores: [{ id: 'content', label: 'A' }] }));
    await act(() => vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS + 10));
    expect(result.current.state).toBe('error');
    act(() => result.current.edit({ teacherComment: '好' }));
    unmount();
    expect(save).toHaveBeenCalledTimes(2);
    expect(save).toHaveBeenLastCalledWith({ essayId: 7, teacherComment: '好', dimensionScores: [{ id: 'content', label: 'A' }] });
  });

  it('does not save a readonly panel', async () => {
    const save = vi.fn();
    const { result } = renderHook(() => useReviewDraft({ save } as unknown as ReviewApi, workspace(7), true));
    act(() => result.current.edit({ teacherComment: 'x' }));
    await act(() => vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS * 2));
    expect(save).not.toHaveBeenCalled();
  });
});
