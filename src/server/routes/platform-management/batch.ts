import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as c from '../../../core/api/contracts/batch';
import { badRequest, notFound } from '../../errors';
import { authOf } from '../../plugins/request-context';
import { batchService, type BatchScope } from '../../services/batch/batch-service';
import { maxBytesOf, tooLarge } from '../../services/file-sniff';
import { renderAnswerSheets } from '../../services/batch/answer-sheet';
import { batchRepo } from '../../repositories/batch';
import type { AuthContext } from '../../services/auth-context';
import { createJobWatch } from '../../services/job-watch';
import type { Services } from '../../services/services';
import { ok } from '../reply';
import { batch as rt } from '../../../core/api/routes/batch';
import * as shapes from '../../../core/api/contracts/shapes/batch';
import { defineRoute } from '../define-route';

/** The task must be visible to the caller, the class too, and the task must reach the class. */
export function batchScope(services: Services): BatchScope {
  return {
    async check(auth: AuthContext, taskId: number, classId: number) {
      const task = await services.tasks.get(auth, taskId);
      await services.classes.view(auth, classId, 'zh');
      if (!task.classes.some((x) => x.id === classId)) throw notFound();
    },
  };
}

/** `writings/*` of batch intake: answer sheets, PDF/ZIP upload, SSE progress, match report, hand assignment. */
export const batchRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const scope = batchScope(services);
  const batch = batchService(services.deps, scope);
  // UPLOAD_MAX_MB, as for every upload (it was a fixed 200 MB here).
  const maxBytes = maxBytesOf(services.deps.uploadMaxBytes);
  await app.register(multipart, { limits: { fileSize: maxBytes, files: 1, fields: 5, parts: 6 } });

  defineRoute(app, rt.answerSheets, { query: c.answerSheetQuery }, async (req, reply) => {
    const auth = authOf(req);
    await scope.check(auth, req.query.taskId, req.query.classId);
    const task = await services.tasks.get(auth, req.query.taskId);
    const cls = await services.classes.view(auth, req.query.classId, req.lang);
    let students = await batchRepo.roster(services.deps.db, req.query.classId);
    if (req.query.studentIds) {
      const wanted = new Set(req.query.studentIds.split(',').map(Number));
      students = students.filter((s) => wanted.has(s.id));
    }
    if (!students.length) throw badRequest('NO_STUDENTS', 'batch.sheet.noStudents');
    const pdf = renderAnswerSheets({ taskId: task.id, taskTitle: task.title, className: cls.name, students, pagesPerStudent: req.query.pages, lang: req.lang });
    const name = encodeURIComponent(`${task.title}-${cls.name}.pdf`);
    return reply.type('application/pdf').header('content-disposition', `attachment; filename="answer-sheets.pdf"; filename*=UTF-8''${name}`).send(pdf);
  });

  for (const kind of ['pdf', 'zip'] as const) {
    defineRoute(app, kind === 'pdf' ? rt.saveBatchUploadWritingFileByPDF : rt.saveBatchUploadWritingFileByZIP, { answer: c.batchUploadResult }, async (req) => {
      const auth = authOf(req);
      if (!req.isMultipart()) throw badRequest('VALIDATION', 'batch.wrongFormat');
      const fields: Record<string, string> = {};
      let file: { name: string; bytes: Buffer } | undefined;
      let parsed: ReturnType<typeof c.batchUploadFields.safeParse> | undefined;
      try {
        for await (const part of req.parts()) {
          if (part.type !== 'file') {
            fields[part.fieldname] = String(part.value);
            continue;
          }
          // Authorise, then read: the fields come first, so another school's teacher (or a wrong
          // task or class) is refused before a byte of the file is buffered.
          parsed = c.batchUploadFields.safeParse(fields);
          if (!parsed.success) throw badRequest('VALIDATION', 'batch.wrongFormat');
          await scope.check(auth, parsed.data.taskId, parsed.data.classId);
          file = { name: part.filename, bytes: await part.toBuffer() };
        }
      } catch (err) {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(maxBytes);
        throw err;
      }
      if (!parsed?.success || !file) throw badRequest('VALIDATION', 'batch.wrongFormat');
      return ok(await batch.upload(auth, kind, file.bytes, file.name, parsed.data));
    });
  }

  const watch = createJobWatch(services.deps.events);
  defineRoute(app, rt.batchUploadProgress, { params: shapes.batchUploadProgressParams }, async (req, reply) => {
    const auth = authOf(req);
    let last = '';
    const topic = `batch:${req.params.batchId}`;
    const closed = new AbortController();
    // Listening before the first read, so a step reported meanwhile is not missed.
    let moved = watch.next(topic, watch.fallbackMs, closed.signal);
    let snapshot = await batch.progress(auth, req.params.batchId, req.lang);
    reply.hijack();
    reply.raw.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', connection: 'keep-alive', 'x-accel-buffering': 'no' });
    req.raw.on('close', () => closed.abort());
    for (;;) {
      const finished = snapshot.status === 'done' || snapshot.status === 'failed';
      const data = JSON.stringify(snapshot);
      if (data !== last) reply.raw.write(`event: ${finished ? 'done' : 'progress'}\ndata: ${data}\n\n`);
      last = data;
      if (finished || closed.signal.aborted) break;
      await moved;
      moved = watch.next(topic, watch.fallbackMs, closed.signal);
      snapshot = await batch.progress(auth, req.params.batchId, req.lang);
    }
    closed.abort();
    reply.raw.end();
  });

  const matchHandler = async (auth: AuthContext, batchId: string, lang: 'zh' | 'en') => ok(await batch.matchResult(auth, batchId, lang));
  defineRoute(app, rt.batchUploadMatchResult, { query: c.batchMatchResultQuery, answer: c.batchMatchResult }, async (req) => matchHandler(authOf(req), req.query.batchId, req.lang));
  defineRoute(app, rt.batchUploadMatchResultPost, { body: c.batchMatchResultQuery, answer: c.batchMatchResult }, async (req) => matchHandler(authOf(req), req.body.batchId, req.lang));

  defineRoute(app, rt.batchUnmatchedPages, { query: c.unmatchedPagesQuery, answer: c.unmatchedPages }, async (req) => ok(await batch.unmatchedPages(authOf(req), req.query.taskId, req.query.classId, req.lang)));

  defineRoute(app, rt.saveBatchUploadWritingInfo, { body: c.batchAssignBody, answer: c.batchMatchResult }, async (req) => ok(await batch.assign(authOf(req), req.body, req.lang)));
};
