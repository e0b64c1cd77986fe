import { describe, expect, it } from 'vitest';
import { attachmentHeader, cstTime } from './writing-export';

describe('score export helpers', () => {
  it('writes times as YYYY-MM-DD HH:mm:ss in China Standard Time', () => {
    expect(cstTime(new Date('2026-03-01T16:05:09Z'))).toBe('2026-03-02 00:05:09');
    expect(cstTime(null)).toBe('');
  });

  it('names the file for every browser: ASCII fallback and RFC 5987 filename*', () => {
    const h = attachmentHeader("作文成绩-我的(第一次)'家'.xlsx", 'essay-scores-7.xlsx');
    expect(h).toBe("attachment; filename=\"essay-scores-7.xlsx\"; filename*=UTF-8''%E4%BD%9C%E6%96%87%E6%88%90%E7%BB%A9-%E6%88%91%E7%9A%84%28%E7%AC%AC%E4%B8%80%E6%AC%A1%29%27%E5%AE%B6%27.xlsx");
    expect(decodeURIComponent(h.split("UTF-8''")[1]!)).toBe("作文成绩-我的(第一次)'家'.xlsx");
  });
});
