import { describe, expect, it } from 'vitest';
import { hasUnfilledBlank } from './title-blank';
import { taskBody } from '../api/contracts/tasks';

describe('hasUnfilledBlank', () => {
  it('finds the blanks prompt-bank titles leave for the pupil', () => {
    for (const t of ['那一次，我真____', '我的（  ）', '我的()', '____的滋味', '那一刻，我长大了……', '我心中的□']) expect(hasUnfilledBlank(t), t).toBe(true);
  });
  it('accepts filled-in titles, including ones with a single dash or ellipsis', () => {
    for (const t of ['那一次，我真高兴', '我的老师', '我和书_的故事', '春天来了…']) expect(hasUnfilledBlank(t), t).toBe(false);
  });
  it('is enforced by the task contract the server validates with', () => {
    const base = { genre: '记叙文', grade: 7, deadline: '2026-12-01T10:00:00+08:00', classIds: [1] };
    const bad = taskBody.safeParse({ ...base, title: '那一次，我真____' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('task.titleBlank');
    expect(taskBody.safeParse({ ...base, title: '那一次，我真勇敢' }).success).toBe(true);
  });
});
