import { describe, expect, it } from 'vitest';
import { hasUnfilledBlank } from './title-blank';

describe('hasUnfilledBlank', () => {
  it('finds the blanks prompt-bank titles leave for the pupil', () => {
    for (const t of ['那一次，我真____', '我的（  ）', '我的()', '____的滋味', '我心中的□']) expect(hasUnfilledBlank(t), t).toBe(true);
  });
  it('accepts filled-in titles, including ones with a single dash or ellipsis', () => {
    for (const t of ['那一次，我真高兴', '我的老师', '我和书_的故事', '春天来了…', '那一刻，我长大了……']) expect(hasUnfilledBlank(t), t).toBe(false);
  });
});
