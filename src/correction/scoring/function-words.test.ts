import { describe, expect, it } from 'vitest';
import { FUNCTION_CHARS, functionCharRates } from './function-words.js';

describe('function-character rates (a block of the scoring model)', () => {
  it('lists each character once and names no topic', () => {
    expect(new Set(FUNCTION_CHARS).size).toBe(FUNCTION_CHARS.length);
    for (const topicChar of ['老', '师', '妈', '春', '学', '校']) expect(FUNCTION_CHARS).not.toContain(topicChar);
  });

  it('counts per 1000 Han characters, ignoring punctuation and other scripts', () => {
    const body = '我的'.repeat(100) + '，。ABC 123'; // 200 Han characters
    const rates = functionCharRates(body);
    expect(rates.get('的')).toBe(500);
    expect(rates.get('我')).toBe(500);
    expect(rates.get('了')).toBe(0);
    expect([...rates.keys()]).toEqual(FUNCTION_CHARS);
  });

  it('does not inflate the rates of a very short text (at least 100 characters counted)', () => {
    expect(functionCharRates('我的书').get('的')).toBe(10);
  });

  it('gives the same rates to two essays that differ only in topic words', () => {
    const a = functionCharRates('妈妈的手很温暖，她把花拿了起来。'.repeat(10));
    const b = functionCharRates('老师的字很漂亮，她把书拿了起来。'.repeat(10));
    expect(a).toEqual(b);
  });
});
