import { describe, expect, it } from 'vitest';
import { isHeaderText, splitFurniture } from './page-furniture.js';

const line = (text: string, y: number) => ({ text, box: { x: 0, y, width: 800, height: 40 }, confidence: 0.9, chars: [] });

describe('the printed header', () => {
  it('is a label with its colon, or two labels; one label word is running text', () => {
    expect(isHeaderText('姓名：王雨桐 班级：七年级1班 学号：20260118')).toBe(true);
    expect(isHeaderText('姓名王雨桐班级七年级1班')).toBe(true);
    expect(isHeaderText('学号：2026')).toBe(true);
    expect(isHeaderText('星期五下午学校开始了拔河比赛')).toBe(false);
    expect(isHeaderText('我的班级')).toBe(false);
  });

  it('keeps an essay line at the top of a cropped grid page that says 学校', () => {
    const { lines, header } = splitFurniture([line('星期五下午学校开始了拔河比赛', 80), line('我们班的同学个个摩拳擦掌', 160)], 620);
    expect(header).toBeUndefined();
    expect(lines.map((l) => l.text)).toEqual(['星期五下午学校开始了拔河比赛', '我们班的同学个个摩拳擦掌']);
    expect(splitFurniture([line('姓名：王雨桐 学号：20260118', 40), line('我的老师', 160)], 1754).header).toMatchObject({ name: '王雨桐', studentNo: '20260118' });
  });
});
