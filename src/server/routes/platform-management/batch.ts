import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
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
import { ok, responses } from '../reply';

const tags = ['platform-management: batch intake'];

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

  app.get('/writings/answerSheets', {
    schema: { tags, summary: 'Printable answer sheets (作文纸, 20×20, A4) of a class for a task: name, id and a QR code (task, student, page) per sheet — application/pdf', querystring: c.answerSheetQuery },
  }, async (req, reply) => {
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
    app.post(`/writings/saveBatchUploadWritingFileBy${kind.toUpperCase()}`, {
      schema: { tags, summary: `Batch upload of a class's essays as one ${kind.toUpperCase()} (multipart taskId, classId, draft?, file; sniffed): stored, then split and matched in the background`, consumes: ['multipart/form-data'], response: responses(c.batchUploadResult) },
    }, async (req) => {
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
  app.get('/writings/batchUploadProgress/:batchId', {
    schema: { tags, summary: 'Progress of a batch as server-sent events: `progress` events (batchProgress) while it runs, one `done` event, then the stream closes. Pushed as the worker (any process) reports each page', params: z.object({ batchId: z.string().uuid() }) },
  }, async (req, reply) => {
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
  app.get('/writings/batchUploadMatchResult', {
    schema: { tags, summary: 'The match report of a batch: every page matched (how, how sure), grouped into an essay, unmatched (with candidates) or rejected (with the reason)', querystring: c.batchMatchResultQuery, response: responses(c.batchMatchResult) },
  }, async (req) => matchHandler(authOf(req), req.query.batchId, req.lang));
  app.post('/writings/batchUploadMatchResult', {
    schema: { tags, summary: 'The match report of a batch (spec §7 POST form of the GET)', body: c.batchMatchResultQuery, response: responses(c.batchMatchResult) },
  }, async (req) => matchHandler(authOf(req), req.body.batchId, req.lang));

  app.get('/writings/batchUnmatchedPages', {
    schema: { tags, summary: 'Every page of the task and class that batch uploads left without a student (all batches, oldest first), with thumbnails and candidates', querystring: c.unmatchedPagesQuery, response: responses(c.unmatchedPages) },
  }, async (req) => ok(await batch.unmatchedPages(authOf(req), req.query.taskId, req.query.classId, req.lang)));

  app.post('/writings/saveBatchUploadWritingInfo', {
    schema: { tags, summary: 'Assign pages of a batch to students by hand (or set them aside with studentId null); regrouping moves a page between essays', body: c.batchAssignBody, response: responses(c.batchMatchResult) },
  }, async (req) => ok(await batch.assign(authOf(req), req.body, req.lang)));
};
