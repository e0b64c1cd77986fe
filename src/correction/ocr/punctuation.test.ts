import { describe, expect, it } from 'vitest';
import { normalizeChinesePunctuation } from './punctuation.js';

const line = (s: string[]) => s.map((text, i) => ({ text, box: { x: i * 10, y: 0, width: 10, height: 10 }, confidence: 0.9 }));
const read = (s: string[]) => normalizeChinesePunctuation(line(s)).map((c) => c.text).join('');

describe('normalizeChinesePunctuation', () => {
  it('fixes look-alikes and half-width marks between Chinese characters, one box per character', () => {
    expect(read(['一', '下', '’', '她', '丶', '我', '!'])).toBe('一下，她、我！');
    expect(read(['说', '‘', '好', '’', '吧'])).toBe('说‘好’吧');
    expect(read(['目', '…', '于'])).toBe('目……于');
    expect(read(['的', '—', '一', '大'])).toBe('的——大');
    expect(read(['a', ',', 'b'])).toBe('a,b');
    expect(normalizeChinesePunctuation(line(['一', '’', '她']))).toHaveLength(3);
  });

  it('reads a straight double quote next to Chinese as the closing or opening mark where the line says which', () => {
    expect(read(['表', '决', '！', '"'])).toBe('表决！”');
    expect(read(['说', '：', '"', '好', '吧', '"', '他'])).toBe('说：“好吧”他');
    expect(read(['"', '你', '好', '！', '"', '，'])).toBe('“你好！”，');
    expect(read(['好', '"', '他'])).toBe('好"他');
    expect(read(['道', '：', '"'])).toBe('道：“');
    expect(read(['"', '，', '他'])).toBe('”，他');
    expect(read(['a', '"', 'b'])).toBe('a"b');
  });
});
