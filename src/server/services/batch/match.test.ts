import { describe, expect, it } from 'vitest';
import { AUTO_ASSIGN_THRESHOLD, entryStem, fileNameParts, groupByStudent, idTokens, matchText, nameScore, parseSheetQr, sheetQrPayload, type RosterStudent } from './match';

const roster: RosterStudent[] = [
  { id: 1, name: '张伟', studentNo: '0001' },
  { id: 2, name: '李娜', studentNo: '0002' },
  { id: 3, name: '王芳', studentNo: '12' },
  { id: 4, name: '张玮', studentNo: '0004' },
  { id: 5, name: '欧阳晓明', studentNo: '0005' },
  { id: 6, name: '刘洋', studentNo: '0006' },
  { id: 7, name: '刘洋', studentNo: '0007' },
];

describe('answer-sheet QR payload', () => {
  it('round-trips and refuses anything else', () => {
    expect(parseSheetQr(sheetQrPayload(12, 345, 2))).toEqual({ taskId: 12, studentId: 345, page: 2 });
    expect(parseSheetQr('https://example.com/ZP1:1:2:3')).toBeUndefined();
    expect(parseSheetQr('ZP1:1:2')).toBeUndefined();
  });
});

describe('header and file-name matching', () => {
  it('reads ids of at most 4 digits, the labelled one first, padding ignored', () => {
    expect(idTokens('姓名：王芳 学号：0012 2024年5月')).toEqual(['12']);
    expect(idTokens('电话13912345678')).toEqual([]);
  });

  it('assigns when id and name agree', () => {
    const m = matchText('姓名：张伟 学号：1', roster);
    expect(m.student?.id).toBe(1);
    expect(m.confidence).toBeGreaterThanOrEqual(AUTO_ASSIGN_THRESHOLD);
  });

  it('assigns on an exact unique name without an id, not on a shared name', () => {
    expect(matchText('李娜', roster).student?.id).toBe(2);
    const twins = matchText('姓名 刘洋', roster);
    expect(twins.student).toBeUndefined();
    expect(twins.candidates.map((c) => c.studentId).sort()).toEqual([6, 7]);
    // the id settles which 刘洋
    expect(matchText('姓名 刘洋 学号 7', roster).student?.id).toBe(7);
  });

  it('queues an id alone, a misread name, and an id that contradicts the name', () => {
    const idOnly = matchText('学号 12', roster);
    expect(idOnly.student).toBeUndefined();
    expect(idOnly.candidates[0]?.studentId).toBe(3);
    const misread = matchText('姓名 张帏', roster); // 张伟 or 张玮: close to both
    expect(misread.student).toBeUndefined();
    expect(misread.candidates.map((c) => c.studentId)).toEqual(expect.arrayContaining([1, 4]));
    const conflict = matchText('姓名 李娜 学号 1', roster);
    expect(conflict.student).toBeUndefined();
  });

  it('is pinyin-aware: a homophone scores high, a pinyin file name matches', () => {
    expect(nameScore('王方', '王芳')).toBeGreaterThanOrEqual(0.85);
    expect(nameScore('欧阳晓明', '欧阳晓明')).toBe(1);
    expect(fileNameParts('scans/ouyangxiaoming_2.jpg')).toEqual({ text: 'ouyangxiaoming', page: 2 });
    expect(matchText(fileNameParts('scans/ouyangxiaoming_1.jpg').text, roster, { allowLatin: true }).student?.id).toBe(5);
    expect(matchText(entryStem('0002_李娜.jpg'), roster).student?.id).toBe(2);
    expect(matchText(entryStem('IMG_0001.jpg'), roster).student).toBeUndefined();
  });
});

describe('grouping', () => {
  it('orders a student’s pages by sheet page, then by position', () => {
    const g = groupByStudent([
      { pageNo: 1, studentId: 1, sheetPage: 2 },
      { pageNo: 2, studentId: 1, sheetPage: 1 },
      { pageNo: 3 },
      { pageNo: 4, studentId: 2 },
      { pageNo: 5, studentId: 2 },
    ]);
    expect(g.get(1)).toEqual([2, 1]);
    expect(g.get(2)).toEqual([4, 5]);
    expect(g.size).toBe(2);
  });
});
