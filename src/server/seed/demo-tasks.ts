import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { classes, scoringStandards, semesters, taskClasses, tasks, writingSources } from '../db/schema';
import { identitiesRepo } from '../repositories/identities';
import { usersRepo } from '../repositories/users';

const DAY = 86_400_000;

/** The released demo task and its class: fixed, so the seeded demo essays (demo-essays.ts) are written for it. */
export const DEMO_TASK_TITLE = '我的老师';
export const DEMO_CLASS_NAME = '七年级1班';
/** Prompt-bank row the released task comes from: grade 7, term 1, unit 3 (写人, 我的____). */
const DEMO_SOURCE_KEY = 'g7t1u3';

/**
 * Two essay tasks on 七年级1班 for the demo (one released, one scheduled), so the task board shows
 * what it does on first start. Seeded once, by `npm start` with SEED_DEMO (and the demo-essays seed test).
 */
export async function seedDemoTasks(db: Executor, now = new Date()): Promise<void> {
  const user = await usersRepo.findByUsername(db, 'teacher01');
  if (!user) return;
  const [identity] = (await identitiesRepo.listForUser(db, user.id)).filter((i) => i.roleId === 2);
  if (!identity) return;
  const [klass] = await db.select().from(classes).where(and(eq(classes.schoolId, identity.schoolId), eq(classes.name, DEMO_CLASS_NAME), isNull(classes.deletedAt)));
  if (!klass) return;
  const existing = await db.select({ id: taskClasses.taskId }).from(taskClasses).where(eq(taskClasses.classId, klass.id)).limit(1);
  if (existing.length) return;
  const [standard] = await db.select().from(scoringStandards).where(eq(scoringStandards.isDefault, true)).limit(1);
  const [semester] = await db.select().from(semesters).where(and(eq(semesters.schoolId, identity.schoolId), eq(semesters.isCurrent, true))).limit(1);
  const [source] = await db.select().from(writingSources).where(and(eq(writingSources.seedKey, DEMO_SOURCE_KEY), isNull(writingSources.schoolId))).limit(1);

  const base = {
    schoolId: identity.schoolId,
    grade: 7,
    semesterId: semester?.id ?? null,
    scoringStandardId: standard?.id ?? null,
    creatorIdentityId: identity.id,
  };
  const created = await db
    .insert(tasks)
    .values([
      {
        ...base,
        title: DEMO_TASK_TITLE,
        type: source?.unit ? 'textbookUnit' : 'selfSet',
        unit: source?.unit ?? null,
        genre: source?.type ?? 'narrative',
        requirements: source?.requirements.slice(0, 3) ?? ['写清一件事的经过', '抓住细节写出人物特点', '表达真情实感'],
        guidance: source?.guidance ?? '',
        sourceId: source?.id ?? null,
        releaseAt: new Date(now.getTime() - 2 * DAY),
        deadline: new Date(now.getTime() + 5 * DAY),
        status: 'released',
      },
      {
        ...base,
        title: '那一刻，我长大了',
        type: 'selfSet',
        genre: 'narrative',
        requirements: ['选取一件具体的事', '写出内心的变化', '不少于 500 字'],
        guidance: '回忆一个让你觉得自己长大的瞬间，写清前因后果，重点写那一刻的心理活动。',
        releaseAt: new Date(now.getTime() + 2 * DAY),
        deadline: new Date(now.getTime() + 9 * DAY),
        scheduled: true,
        status: 'scheduled',
      },
    ])
    .returning({ id: tasks.id });
  await db.insert(taskClasses).values(created.map((t) => ({ taskId: t.id, classId: klass.id })));
}
