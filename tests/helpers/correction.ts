// Helpers for AI correction API tests: essays inserted straight into the tables (the intake endpoints
// are tested on their own), a fake OCR provider, and a loopback OpenAI-compatible model service.
//
// The fake OCR stands in for the local PaddleOCR model in API tests only: it returns the transcript a
// test registered for the page's bytes (by sha256), laid out as lines with character boxes. The page
// images are real rendered pages, so the engine's image checks still run on them; the OCR itself is
// covered by src/correction/correct-essay.test.ts and would cost seconds per page here.
import { createHash, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, isNull } from 'drizzle-orm';
import type { OcrLine, OcrPage, OcrProvider } from '../../src/correction/index';
import type { Db } from '../../src/server/db/database';
import { classes, essayPages, essays, files, identities, scoringStandards, students, taskClasses, tasks, users } from '../../src/server/db/schema';
import type { FileStorage } from '../../src/server/storage/file-storage';
import { contentKey } from '../../src/server/storage/file-storage';

const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

/** OCR that "reads" the transcript registered for an image's bytes. */
export class FakeOcr implements OcrProvider {
  readonly name = 'fake-ocr';
  private readonly texts = new Map<string, string>();
  calls = 0;
  register(image: Uint8Array, transcript: string) {
    this.texts.set(sha(image), transcript);
  }
  async recognize(image: Uint8Array): Promise<OcrPage> {
    this.calls++;
    const text = this.texts.get(sha(image)) ?? '';
    const lines: OcrLine[] = text
      .split('\n')
      .filter((l) => l.trim())
      .map((l, i) => {
        const y = 100 + i * 60;
        const chars = [...l].map((ch, j) => ({ text: ch, box: { x: 80 + (j % 30) * 36, y, width: 34, height: 40 }, confidence: 0.96 }));
        return { text: l, box: { x: 80, y, width: Math.min(30, chars.length) * 36, height: 40 }, confidence: 0.96, chars, ...(i === 0 ? { isTitle: true } : {}) };
      });
    return { lines, width: 1240, height: 1754, confidence: lines.length ? 0.96 : 0 };
  }
}

export interface EssayFixture {
  schoolId: number;
  taskId: number;
  classId: number;
  studentId: number;
  creatorIdentityId: number;
}

/** A released task of the teacher's class (grade 5, narrative, the default A/B/C standard) and one student of it. */
export async function taskFixture(db: Db, opts: { username: string; className: string; title: string; genre?: string; grade?: number }): Promise<EssayFixture> {
  const [ident] = await db
    .select({ id: identities.id, schoolId: identities.schoolId })
    .from(identities)
    .innerJoin(users, eq(users.id, identities.userId))
    .where(eq(users.username, opts.username));
  const [cls] = await db
    .select()
    .from(classes)
    .where(and(eq(classes.schoolId, ident!.schoolId), eq(classes.name, opts.className), isNull(classes.deletedAt)));
  const [std] = await db.select().from(scoringStandards).where(eq(scoringStandards.isDefault, true));
  const now = new Date();
  const [task] = await db
    .insert(tasks)
    .values({ schoolId: ident!.schoolId, title: opts.title, type: 'selfSet', genre: opts.genre ?? 'narrative', grade: opts.grade ?? 5, releaseAt: now, deadline: new Date(now.getTime() + 7 * 86400_000), creatorIdentityId: ident!.id, scoringStandardId: std?.id ?? null })
    .returning();
  await db.insert(taskClasses).values({ taskId: task!.id, classId: cls!.id });
  let [student] = await db.select().from(students).where(eq(students.classId, cls!.id)).limit(1);
  if (!student) [student] = await db.insert(students).values({ schoolId: ident!.schoolId, classId: cls!.id, name: '测试学生', studentNo: '9001' }).returning();
  return { schoolId: ident!.schoolId, taskId: task!.id, classId: cls!.id, studentId: student!.id, creatorIdentityId: ident!.id };
}

let studentNo = 100;
/** A fresh student in the fixture's class (one essay per student, task and draft). */
export async function newStudent(db: Db, f: EssayFixture): Promise<number> {
  studentNo++;
  const [s] = await db.insert(students).values({ schoolId: f.schoolId, classId: f.classId, name: `学生${studentNo}`, studentNo: String(studentNo) }).returning();
  return s!.id;
}

/** Inserts files, an essay and its pages as intake would (status submitted). */
export async function insertEssay(db: Db, storage: FileStorage, f: EssayFixture, pages: Uint8Array[], opts: { studentId?: number } = {}): Promise<number> {
  const [essay] = await db
    .insert(essays)
    .values({ schoolId: f.schoolId, taskId: f.taskId, classId: f.classId, studentId: opts.studentId ?? (await newStudent(db, f)), source: 'single', submittedByIdentityId: f.creatorIdentityId })
    .returning();
  for (const [i, bytes] of pages.entries()) {
    const hash = sha(bytes);
    const key = contentKey(hash);
    await storage.put(key, Buffer.from(bytes));
    const inserted = await db.insert(files).values({ id: randomUUID(), schoolId: f.schoolId, sha256: hash, storageKey: key, mime: 'image/png', size: bytes.length }).onConflictDoNothing().returning();
    const fileId = inserted[0]?.id ?? (await db.select().from(files).where(and(eq(files.schoolId, f.schoolId), eq(files.sha256, hash))))[0]!.id;
    await db.insert(essayPages).values({ essayId: essay!.id, fileId, pageNo: i + 1 });
  }
  return essay!.id;
}

/** A loopback OpenAI-compatible chat-completions server: 500 while `down`, a valid review otherwise. */
export async function modelServiceStub(): Promise<{ url: string; state: { down: boolean; calls: number }; close(): Promise<void> }> {
  const state = { down: true, calls: 0 };
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      state.calls++;
      if (state.down) {
        res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'upstream overloaded' } }));
        return;
      }
      const review = {
        total: 88,
        dimensions: ['theme', 'content', 'structure', 'language', 'mechanics'].map((id) => ({ id, percent: 86, comment: `模型点评：${id} 方面表现较好，细节具体。` })),
        overall: '模型总评：文章围绕运动会展开，长跑过程写得具体生动，结尾点明道理。',
        notes: [],
      };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ choices: [{ message: { role: 'assistant', content: JSON.stringify(review) } }], usage: { prompt_tokens: 100, completion_tokens: 50 } }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return { url: `http://127.0.0.1:${port}/v1`, state, close: () => new Promise((r) => server.close(() => r())) };
}
