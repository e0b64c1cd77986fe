// Text overlap on the demo essays (the seed data lives in server/, which correction may not import).
import { describe, expect, it } from 'vitest';
import { DEMO_ESSAY_TITLE, DEMO_ESSAYS, demoEssayPages } from '../../src/server/seed/demo-essays-data';
import { textOverlap } from '../../src/correction/copy/text-overlap';

const textOf = (i: number) => demoEssayPages(DEMO_ESSAYS[i]!).flat().join('\n');

describe('text overlap', () => {
  it('finds no shared passage between any two of the ten demo essays (same title, different pupils)', () => {
    for (let i = 0; i < DEMO_ESSAYS.length; i++) {
      for (let j = 0; j < DEMO_ESSAYS.length; j++) {
        if (i === j) continue;
        // the shared title is shorter than a shingle: nothing else is in common
        expect(textOverlap(textOf(i), textOf(j)).share).toBeLessThan(0.05);
      }
    }
    expect([...DEMO_ESSAY_TITLE].length).toBeLessThan(8);
  });

  it('reports a re-punctuated, re-flowed copy with its passages at their offsets in both texts', () => {
    const original = textOf(1);
    const copy = `  ${original.replace(/，/g, ',').replace(/\n/g, '')}  `;
    const o = textOverlap(copy, original);
    expect(o.share).toBeGreaterThan(0.95);
    expect(o.passages.length).toBeGreaterThan(0);
    for (const p of o.passages) {
      expect(copy.slice(p.mine[0], p.mine[1])).toBe(p.mineText);
      expect(original.slice(p.theirs[0], p.theirs[1])).toBe(p.theirsText);
    }
  });

  it('still sees half an essay copied into another', () => {
    const a = textOf(3);
    const b = textOf(5);
    const mixed = a.slice(0, a.length >> 1) + b.slice(b.length >> 1);
    const o = textOverlap(mixed, a);
    expect(o.share).toBeGreaterThan(0.3);
    expect(o.share).toBeLessThan(0.7);
  });
});
