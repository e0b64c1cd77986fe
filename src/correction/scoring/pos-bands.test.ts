import { describe, expect, it } from 'vitest';
import { tokenize } from '../text/vocabulary.js';
import { frequencyBand, posBandShares } from './pos-bands.js';

describe('word class × frequency band shares', () => {
  it('bands corpus counts from everyday words to unknown ones', () => {
    expect([200000, 20000, 2000, 20, 0].map(frequencyBand)).toEqual(['T', 'H', 'M', 'L', 'U']);
  });

  it('gives shares of the Han words that sum to 1, keyed by POS letter and band, never by a word', () => {
    const shares = posBandShares(tokenize('我们轻轻地推开教室的门，老师正在黑板上写字。'));
    const total = [...shares.values()].reduce((s, v) => s + v, 0);
    expect(total).toBeCloseTo(1, 5);
    for (const key of shares.keys()) expect(key).toMatch(/^[a-z][THMLU]$/);
  }, 60_000);
});
