import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { campuses, classes, identities, parents, schools, scoringStandards, semesters, students, textbooks, users } from '../db/schema';
import { newClassCode } from '../services/class-service';
import { seedPromptBank } from './prompt-bank';
import { seedCommentLibrary } from './comment-library';

const GRADE_CN = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];

/** The school year and term a date falls in: from August the first term of that year, February–July the second term of the year before. */
export function schoolYearOf(now: Date): { year: number; term: 1 | 2 } {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth() + 1;
  if (m >= 8) return { year: y, term: 1 };
  if (m === 1) return { year: y - 1, term: 1 };
  return { year: y - 1, term: 2 };
}

/** Reference teaching data, safe at every start: 部编版 语文 textbooks, the default scoring standard, the public prompt bank and comment library. */
export async function seedTeachingReference(db: Executor): Promise<void> {
  const books = GRADE_CN.flatMap((g, i) =>
    [1, 2].map((term) => ({ name: `语文 ${g}年级${term === 1 ? '上册' : '下册'}`, publisher: '部编版', subject: '语文', grade: i + 1, term })),
  );
  await db.insert(textbooks).values(books).onConflictDoNothing();
  const [existing] = await db.select().from(scoringStandards).where(and(eq(scoringStandards.isDefault, true), isNull(scoringStandards.schoolId)));
  if (!existing) {
    await db.insert(scoringStandards).values({ name: '默认评分标准（A/B/C 等级）', levelType: 1, levelDim: '立意,内容,结构,语言,书写', difficulty: 0, isDefault: true });
  }
  await seedPromptBank(db);
  await seedCommentLibrary(db);
}

// 45 students of 七年级1班: real-looking names, 4-digit ids.
const NAMES_1: [string, 1 | 2][] = [
  ['王子涵', 1], ['李欣怡', 2], ['张浩然', 1], ['刘雨桐', 2], ['陈宇轩', 1], ['杨梓萱', 2], ['赵一鸣', 1], ['黄诗琪', 2], ['周俊杰', 1], ['吴思彤', 2],
  ['徐子墨', 1], ['孙若溪', 2], ['胡博文', 1], ['朱佳怡', 2], ['高铭泽', 1], ['林可馨', 2], ['何嘉豪', 1], ['郭雨萱', 2], ['马天佑', 1], ['罗语嫣', 2],
  ['梁宸睿', 1], ['宋欣妍', 2], ['郑晨阳', 1], ['谢梦琪', 2], ['韩承泽', 1], ['唐心怡', 2], ['冯奕辰', 1], ['于静怡', 2], ['董皓轩', 1], ['萧雅琳', 2],
  ['程志远', 1], ['曹安琪', 2], ['袁明哲', 1], ['邓紫涵', 2], ['许乐天', 1], ['傅晓雯', 2], ['沈景行', 1], ['曾以沫', 2], ['彭书航', 1], ['吕佳琪', 2],
  ['苏文博', 1], ['卢诗涵', 2], ['蒋子豪', 1], ['蔡思睿', 2], ['贾泽宇', 1],
];
const NAMES_2: [string, 1 | 2][] = [['丁一帆', 1], ['魏清妍', 2], ['薛晨曦', 1], ['叶知秋', 2], ['阎浩宇', 1], ['余佳宁', 2], ['潘子骞', 1], ['杜若彤', 2]];
const NAMES_B: [string, 1 | 2][] = [['钟明远', 1], ['汪晓晴', 2], ['田嘉树', 1]];

async function identityOf(db: Executor, username: string, roleId: number) {
  const [row] = await db
    .select({ id: identities.id, schoolId: identities.schoolId, campusId: identities.campusId })
    .from(identities)
    .innerJoin(users, eq(users.id, identities.userId))
    .where(and(eq(users.username, username), eq(identities.roleId, roleId)));
  return row;
}

async function ensureSemesters(db: Executor, schoolId: number, now: Date) {
  const cur = schoolYearOf(now);
  for (const year of [cur.year - 1, cur.year]) {
    for (const term of [1, 2] as const) {
      const isCurrent = year === cur.year && term === cur.term;
      await db
        .insert(semesters)
        .values({
          schoolId,
          year,
          term,
          nameZh: `${year}-${year + 1}学年${term === 1 ? '上学期' : '下学期'}`,
          nameEn: `${year}–${year + 1} ${term === 1 ? 'first term' : 'second term'}`,
          startDate: term === 1 ? `${year}-09-01` : `${year + 1}-02-20`,
          endDate: term === 1 ? `${year + 1}-01-20` : `${year + 1}-07-10`,
          isCurrent,
        })
        .onConflictDoNothing();
    }
  }
  const [current] = await db.select().from(semesters).where(and(eq(semesters.schoolId, schoolId), eq(semesters.isCurrent, true)));
  return current!;
}

async function ensureClass(
  db: Executor,
  spec: { schoolId: number; campusId: number; semesterId: number; name: string; grade: number; mainTeacherId: number },
  roster: [string, 1 | 2][],
  parentsFor = 0,
) {
  const [found] = await db.select().from(classes).where(and(eq(classes.schoolId, spec.schoolId), eq(classes.semesterId, spec.semesterId), eq(classes.name, spec.name)));
  if (found) return found;
  const [cls] = await db.insert(classes).values({ ...spec, classCode: await newClassCode(db), startTime: '08:00', endTime: '08:45' }).returning();
  const base = spec.grade * 1000 + 100 * (Number(/(\d+)班/.exec(spec.name)?.[1] ?? 1) % 10);
  const rows = await db
    .insert(students)
    .values(
      roster.map(([name, gender], i) => ({
        schoolId: spec.schoolId,
        classId: cls!.id,
        name,
        gender,
        studentNo: String(base + i + 1).padStart(4, '0').slice(-4),
        identificationNo: `S${spec.schoolId}${String(cls!.id).padStart(3, '0')}${String(i + 1).padStart(3, '0')}`,
      })),
    )
    .returning();
  const relations = ['母亲', '父亲'];
  if (parentsFor) {
    await db.insert(parents).values(
      rows.slice(0, parentsFor).map((s, i) => ({
        schoolId: spec.schoolId,
        studentId: s.id,
        name: `${s.name[0]}${i % 2 ? '建国' : '丽华'}`,
        phone: `1370000${String(1000 + i)}`,
        relation: relations[i % 2]!,
      })),
    );
  }
  return cls!;
}

/**
 * Demo teaching data, seeded once: semesters (current and previous school year) for every school,
 * 七年级1班 (teacher01, 45 students, parents) and 七年级2班 (teacher01), 八年级3班 (classrole01) in the
 * demo school, 高一1班 (teacherB01) in school B.
 */
export async function seedDemoTeaching(db: Executor, now = new Date()): Promise<void> {
  for (const school of await db.select({ id: schools.id }).from(schools)) await ensureSemesters(db, school.id, now);
  const teacher = await identityOf(db, 'teacher01', 2);
  const classStaff = await identityOf(db, 'classrole01', 3);
  if (teacher) {
    const semester = await ensureSemesters(db, teacher.schoolId, now);
    const [campus] = await db.select().from(campuses).where(eq(campuses.schoolId, teacher.schoolId));
    const common = { schoolId: teacher.schoolId, campusId: campus!.id, semesterId: semester.id };
    await ensureClass(db, { ...common, name: '七年级1班', grade: 7, mainTeacherId: teacher.id }, NAMES_1, 6);
    await ensureClass(db, { ...common, name: '七年级2班', grade: 7, mainTeacherId: teacher.id }, NAMES_2);
    if (classStaff) await ensureClass(db, { ...common, name: '八年级3班', grade: 8, mainTeacherId: classStaff.id }, NAMES_2.slice(0, 4));
  }
  const teacherB = await identityOf(db, 'teacherB01', 2);
  if (teacherB) {
    const semester = await ensureSemesters(db, teacherB.schoolId, now);
    const [campus] = await db.select().from(campuses).where(eq(campuses.schoolId, teacherB.schoolId));
    await ensureClass(db, { schoolId: teacherB.schoolId, campusId: campus!.id, semesterId: semester.id, name: '高一1班', grade: 10, mainTeacherId: teacherB.id }, NAMES_B);
  }
}
