import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as s from '../../../core/api/contracts/students';
import { paged, idQuery, rowId } from '../../../core/api/contracts/paging';
import { badRequest } from '../../errors';
import { errorBody } from '../../../core/api/contracts/envelope';
import { authOf } from '../../plugins/request-context';
import { studentsRepo } from '../../repositories/students';
import type { Services } from '../../services/services';
import { ok, responses } from '../reply';

const tags = ['platform-management: students and parents'];
const deleted = z.object({ deleted: z.number().int() });
export const ROSTER_MAX_BYTES = 2 * 1024 * 1024;

/** `mStudent/*` (with roster import), `mParent/*` and `textbook/*` (/class/student, /class/ParentManagement, /class/bind). */
export const studentRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const students = services.students;
  // Multipart only for the roster upload (one file, 2 MB); it is turned into the JSON body shape before validation.
  await app.register(multipart, { limits: { fileSize: ROSTER_MAX_BYTES, files: 1, fields: 5, parts: 6 } });

  app.get('/mStudent/list', {
    schema: { tags, summary: 'Students of a class (search by name or student id), paged', querystring: s.studentListQuery, response: responses(paged(s.student)) },
  }, async (req) => {
    const q = req.query;
    return ok(await students.page(authOf(req), q.classId, q.name, q.pageNum, q.pageSize));
  });
  app.post('/mStudent/add', {
    schema: { tags, summary: 'Add a student (student id 1–4 digits, unique in the class)', body: s.studentBody, response: responses(s.student) },
  }, async (req) => ok(await students.add(authOf(req), req.body)));
  app.post('/mStudent/upl', {
    schema: { tags, summary: 'Edit a student', body: s.studentUpdateBody, response: responses(s.student) },
  }, async (req) => ok(await students.update(authOf(req), req.body)));
  app.post('/mStudent/resetCode', {
    schema: { tags, summary: "Give a student a new 学生码 (H5 code); the old one stops working at once", body: z.object({ id: rowId() }), response: responses(z.object({ id: z.number().int(), h5Code: z.string() })) },
  }, async (req) => ok(await students.resetCode(authOf(req), req.body.id)));
  app.delete('/mStudent/del', {
    schema: { tags, summary: 'Remove students (comma-separated ids)', querystring: s.studentDelQuery, response: responses(deleted) },
  }, async (req) => ok(await students.remove(authOf(req), req.query.ids.split(',').map(Number))));
  app.post('/mStudent/move', {
    schema: { tags, summary: 'Move students to another class', body: s.studentMoveBody, response: responses(z.object({ moved: z.number().int() })) },
  }, async (req) => ok(await students.move(authOf(req), req.body.ids, req.body.toClassId)));

  app.post('/mStudent/import/preview', {
    // Base64 makes a 2 MB roster about 2.7 MB of JSON.
    bodyLimit: Math.ceil((ROSTER_MAX_BYTES * 4) / 3) + 64 * 1024,
    schema: {
      tags,
      summary: 'Roster preview from CSV or xlsx: per-row status and errors (JSON with Base64 content, or multipart file, ≤ 2 MB). The class is named in the query (?classId=) and checked before the file is read; one roster per school is read at a time and a busy server answers 503 at once',
      consumes: ['application/json', 'multipart/form-data'],
      querystring: s.importPreviewQuery,
      body: s.importPreviewBody,
      response: { ...responses(s.importPreview), 503: errorBody },
    },
    // Who may import into which class is known from the token and the query, before the body.
    onRequest: async (req) => {
      const parsed = s.importPreviewQuery.safeParse(req.query);
      if (!parsed.success) throw badRequest('CLASS_FIRST', 'import.classFirst');
      await students.mayImport(authOf(req), parsed.data.classId);
    },
    preValidation: async (req) => {
      const classId = Number((req.query as { classId?: unknown }).classId);
      if (!req.isMultipart()) {
        (req as { body: unknown }).body = { ...(req.body as object), classId };
        return;
      }
      let file: { fileName: string; content: Buffer } | undefined;
      for await (const part of req.parts()) {
        if (part.type === 'file') file = { fileName: part.filename, content: await part.toBuffer() };
      }
      if (!file) throw badRequest('IMPORT_NO_FILE', 'import.noFile');
      (req as { body: unknown }).body = { classId, fileName: file.fileName, contentBase64: file.content.toString('base64') };
    },
  }, async (req) => {
    const content = Buffer.from(req.body.contentBase64, 'base64');
    if (content.length > ROSTER_MAX_BYTES) throw badRequest('IMPORT_UNREADABLE', 'import.unreadable');
    return ok(await students.importPreview(authOf(req), req.body.classId, req.body.fileName, content, req.lang));
  });
  app.post('/mStudent/import/commit', {
    schema: { tags, summary: 'Import the valid roster rows in one transaction; rows with errors are skipped and reported', body: s.importCommitBody, response: responses(s.importCommitResult) },
  }, async (req) => ok(await students.importCommit(authOf(req), req.body.classId, req.body.rows, req.lang)));

  app.get('/mParent/list', {
    schema: { tags, summary: 'Parents of the students of a class, paged', querystring: s.parentListQuery, response: responses(paged(s.parent)) },
  }, async (req) => ok(await students.parentPage(authOf(req), req.query.classId, req.query.name, req.query.pageNum, req.query.pageSize)));
  app.post('/mParent/add', {
    schema: { tags, summary: 'Add a parent to a student', body: s.parentBody, response: responses(s.parent) },
  }, async (req) => ok(await students.addParent(authOf(req), req.body)));
  app.post('/mParent/upl', {
    schema: { tags, summary: 'Edit a parent', body: s.parentUpdateBody, response: responses(s.parent) },
  }, async (req) => ok(await students.updateParent(authOf(req), req.body)));
  app.delete('/mParent/del', {
    schema: { tags, summary: 'Remove a parent', querystring: idQuery, response: responses(deleted) },
  }, async (req) => ok(await students.removeParent(authOf(req), req.query.id)));

  app.get('/textbook/list', {
    schema: { tags, summary: 'Textbooks (部编版 语文), optionally of one grade', querystring: s.textbookListQuery, response: responses(z.array(s.textbook)) },
  }, async (req) => {
    authOf(req);
    return ok(await studentsRepo.textbooks(services.deps.db, req.query.grade));
  });
  app.get('/textbook/classBound', {
    schema: { tags, summary: 'Textbooks bound to a class', querystring: s.classIdQuery, response: responses(z.array(s.textbook)) },
  }, async (req) => ok(await students.classTextbooks(authOf(req), req.query.classId)));
  app.post('/textbook/bind', {
    schema: { tags, summary: 'Replace the textbooks bound to a class', body: s.textbookBindBody, response: responses(z.array(s.textbook)) },
  }, async (req) => ok(await students.bindTextbooks(authOf(req), req.body.classId, req.body.textbookIds)));
};
