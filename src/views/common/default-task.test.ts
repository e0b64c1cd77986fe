import { describe, expect, it } from 'vitest';
import { defaultTask } from './default-task';

const task = (id: number, status: 'released' | 'scheduled', aiDone: number, submitted: number) => ({ id, status, counts: { aiDone, submitted } }) as never as { id: number; status: 'released' | 'scheduled'; counts: { aiDone: number; submitted: number } };

describe('defaultTask', () => {
  it('opens on the newest task with essays waiting for review, not the newest task', () => {
    expect(defaultTask([task(3, 'released', 0, 0), task(2, 'released', 7, 10), task(1, 'released', 2, 5)] as never)).toMatchObject({ id: 2 });
  });
  it('falls back to one with essays handed in, then the newest released, then anything', () => {
    expect(defaultTask([task(3, 'released', 0, 0), task(2, 'released', 0, 4)] as never)).toMatchObject({ id: 2 });
    expect(defaultTask([task(3, 'scheduled', 0, 0), task(2, 'released', 0, 0)] as never)).toMatchObject({ id: 2 });
    expect(defaultTask([task(3, 'scheduled', 0, 0)] as never)).toMatchObject({ id: 3 });
    expect(defaultTask([])).toBeUndefined();
  });
});
