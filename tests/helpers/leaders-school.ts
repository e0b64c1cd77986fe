// A small school with hand-countable figures for the leaders' dashboards (tests/api/leaders-dashboards.test.ts
// lists the expected values and how they follow from these rows).
import { randomBytes } from 'node:crypto';
import { hashPassword } from '../../src/server/auth/password-hash';
import type { Db } from '../../src/server/db/database';
import { campuses, classes, corrections, essayReviews, essays, identities, schools, scoringStandards, semesters, students, taskClasses, tasks, users } from '../../src/server/db/schema';
import { DEMO_PASSWORD } from '../../src/server/seed/demo-school';

const DIMS = ['theme', 'content', 'structure', 'language'];
const code = () => randomBytes(6).toString('hex').toUpperCase();

export interface LeadersSchool {
  schoolId: number;
  campusA: number;
  campusB: number;
  semester: number;
  oldSemester: number;
  teacher1: number;
  teacher2: number;
  essays: Record<string, number>;
  logins: { head: string; headA: string; principal: string; teacher: string };
}

export async function seedLeadersSchool(db: Db, prefix: string): Promise<LeadersSchool> {
  const [school] = await db.insert(schools).values({ name: `${prefix}领导测试学校`, registerCode: `${prefix}LEAD`, versionId: 1, limitExpiresAt: new Date(Date.now() + 365 * 86_400_000) }).returning();
  const schoolId = school!.id;
  const [a, b] = await db.insert(campuses).values([{ schoolId, name: '东校区' }, { schoolId, name: '西校区' }]).returning();
  const [sem, old] = await db
    .insert(semesters)
    .values([
      { schoolId, year: 2026, term: 1, nameZh: '2026-2027学年上学期', nameEn: '2026–2027 first term', startDate: '2026-09-01', endDate: '2027-01-31', isCurrent: true },
      { schoolId, year: 2025, term: 2, nameZh: '2025-2026学年下学期', nameEn: '2025–2026 second term', startDate: '2026-02-20', endDate: '2026-07-10' },
    ])
    .returning();
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const person = async (username: string, realname: string, roleId: number, campusId: number | null) => {
    const [u] = await db.insert(users).values({ username, realname, passwordHash }).returning();
    const [i] = await db.insert(identities).values({ userId: u!.id, schoolId, campusId, roleId, teacherName: realname }).returning();
    return i!.id;
  };
  const t1 = await person(`${prefix}t1`, '刘老师', 2, a!.id);
  const t2 = await person(`${prefix}t2`, '孙老师', 2, a!.id);
  await person(`${prefix}head`, '钱校长', 6, null);
  await person(`${prefix}headA`, '吴校长', 6, a!.id);
  await person(`${prefix}principal`, '郑校长', 7, null);

  const klass = async (name: string, campusId: number, semesterId: number, grade: number, main: number, count: number) => {
    const [c] = await db.insert(classes).values({ schoolId, campusId, semesterId, name, grade, mainTeacherId: main, classCode: code() }).returning();
    const ids: number[] = [];
    for (let i = 1; i <= count; i++) {
      const [s] = await db.insert(students).values({ schoolId, classId: c!.id, name: `${name}学生${i}`, studentNo: String(i) }).returning();
      ids.push(s!.id);
    }
    return { id: c!.id, students: ids };
  };
  const a71 = await klass('七年级1班', a!.id, sem!.id, 7, t1, 4);
  const a72 = await klass('七年级2班', a!.id, sem!.id, 7, t2, 2);
  const b81 = await klass('八年级1班', b!.id, sem!.id, 8, t2, 3);
  const oldClass = await klass('旧七年级1班', a!.id, old!.id, 7, t1, 1);

  const [std] = await db.insert(scoringStandards).values({ schoolId, name: '百分制', levelType: 3, levelDim: '立意,内容,结构,语言', difficulty: 0 }).returning();
  const task = async (title: string, creator: number, classIds: number[], status = 'released') => {
    const [row] = await db
      .insert(tasks)
      .values({ schoolId, title, type: 'selfSet', genre: 'narrative', grade: 7, releaseAt: new Date('2026-09-10T00:00:00Z'), deadline: new Date('2027-01-10T00:00:00Z'), status, scheduled: status === 'scheduled', creatorIdentityId: creator, scoringStandardId: std!.id })
      .returning();
    await db.insert(taskClasses).values(classIds.map((classId) => ({ taskId: row!.id, classId })));
    return row!.id;
  };
  const task1 = await task('我的老师', t1, [a71.id, a72.id]);
  const task2 = await task('秋天', t2, [b81.id]);
  await task('未发布', t1, [a71.id], 'scheduled');
  const taskOld = await task('春天', t1, [oldClass.id]);

  type Spec = {
    task: number; classId: number; studentId: number; draft?: number; status: string; submitted: string; audit?: string; words?: number;
    ai?: number; teacher?: string; approver?: number; flags?: { code: string }[]; notes?: string[]; annotations?: number; correction?: boolean;
  };
  const essay = async (s: Spec) => {
    const [e] = await db
      .insert(essays)
      .values({
        schoolId, taskId: s.task, classId: s.classId, studentId: s.studentId, draft: s.draft ?? 0, status: s.status, source: 'single', flags: s.flags ?? [],
        wordCount: s.words ?? null, aiScore: s.ai !== undefined ? String(s.ai) : null, teacherScore: s.teacher ?? null,
        submittedAt: new Date(s.submitted), auditAt: s.audit ? new Date(s.audit) : null,
      })
      .returning();
    if (s.correction !== false && (s.ai !== undefined || s.flags)) {
      const notes = (s.notes ?? []).map((kind) => ({ kind, start: 0, end: 2, excerpt: '一渡', message: '错字', fix: '一度' }));
      const score = s.ai !== undefined ? { percent: s.ai, dimensions: DIMS.map((id) => ({ id, percent: s.ai })) } : null;
      await db.insert(corrections).values({ essayId: e!.id, status: 'done', result: { score, notes } });
    }
    if (s.status === 'approved') {
      await db.insert(essayReviews).values({
        essayId: e!.id, teacherComment: '条理清楚', dimensionScores: DIMS.map((id) => ({ id, value: Number(s.teacher) })),
        annotations: Array.from({ length: s.annotations ?? 0 }, (_, i) => ({ id: `a${i}`, start: 0, end: 1, excerpt: '我', text: '好', kind: 'good' })),
        approvedByIdentityId: s.approver ?? null, approvedAt: new Date(s.audit!),
      });
    }
    return e!.id;
  };
  const [s1, s2, s3] = a71.students;
  const ids: Record<string, number> = {};
  ids.e1 = await essay({ task: task1, classId: a71.id, studentId: s1!, status: 'approved', submitted: '2026-10-01T08:00:00Z', audit: '2026-10-01T12:00:00Z', ai: 70, teacher: '80', approver: t1, notes: ['wrongChar'], annotations: 2, words: 500 });
  ids.e2 = await essay({ task: task1, classId: a71.id, studentId: s2!, status: 'approved', submitted: '2026-12-01T00:00:00Z', audit: '2026-12-01T10:00:00Z', ai: 60, teacher: '60', approver: t1, notes: ['punctuation'], words: 400 });
  ids.e3 = await essay({ task: task1, classId: a71.id, studentId: s3!, status: 'ai_done', submitted: '2026-10-05T00:00:00Z', ai: 90, notes: ['wrongChar', 'longSentence'], words: 600 });
  ids.e4 = await essay({ task: task1, classId: a72.id, studentId: a72.students[0]!, status: 'abnormal', submitted: '2026-10-03T00:00:00Z', flags: [{ code: 'OFF_TOPIC' }], words: 300 });
  ids.e5 = await essay({ task: task1, classId: a72.id, studentId: a72.students[1]!, status: 'revision_requested', submitted: '2026-10-10T00:00:00Z', ai: 50, words: 350 });
  ids.e6 = await essay({ task: task1, classId: a72.id, studentId: a72.students[1]!, draft: 1, status: 'submitted', submitted: '2026-12-05T00:00:00Z' });
  ids.e7 = await essay({ task: task2, classId: b81.id, studentId: b81.students[0]!, status: 'approved', submitted: '2026-12-10T00:00:00Z', audit: '2026-12-10T06:00:00Z', ai: 85, teacher: '75', approver: t2, words: 450 });
  ids.e8 = await essay({ task: task2, classId: b81.id, studentId: b81.students[1]!, status: 'approved', submitted: '2026-09-20T00:00:00Z', audit: '2026-09-21T00:00:00Z', ai: 95, teacher: '95', approver: t2, words: 550 });
  ids.old = await essay({ task: taskOld, classId: oldClass.id, studentId: oldClass.students[0]!, status: 'approved', submitted: '2026-03-01T00:00:00Z', audit: '2026-03-01T01:00:00Z', ai: 40, teacher: '40', approver: t1, words: 200 });
  return {
    schoolId, campusA: a!.id, campusB: b!.id, semester: sem!.id, oldSemester: old!.id, teacher1: t1, teacher2: t2, essays: ids,
    logins: { head: `${prefix}head`, headA: `${prefix}headA`, principal: `${prefix}principal`, teacher: `${prefix}t1` },
  };
}
