import { describe, expect, it } from 'vitest';
import { genreOfLabel } from './genre-label';

describe('genre of a task label', () => {
  it('reads Chinese and English labels', () => {
    expect(genreOfLabel('记叙文')).toBe('narrative');
    expect(genreOfLabel('写人记事')).toBe('narrative');
    expect(genreOfLabel('写景状物')).toBe('narrative');
    expect(genreOfLabel('议论文')).toBe('argumentative');
    expect(genreOfLabel('说明文')).toBe('expository');
    expect(genreOfLabel('Expository')).toBe('expository');
    expect(genreOfLabel('应用文（书信）')).toBe('practical');
    expect(genreOfLabel('现代诗')).toBe('poem');
    expect(genreOfLabel('Argumentative essay')).toBe('argumentative');
  });

  it('names none for an unknown or empty label', () => {
    expect(genreOfLabel('想象作文')).toBeUndefined();
    expect(genreOfLabel('体裁不限，说明理由')).toBeUndefined();
    expect(genreOfLabel('')).toBeUndefined();
    expect(genreOfLabel(undefined)).toBeUndefined();
  });
});
