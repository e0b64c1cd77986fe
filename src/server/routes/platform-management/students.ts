import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as s from '../../../core/api/contracts/students';
import { idQuery } from '../../../core/api/contracts/paging';
import { badRequest } from '../../errors';
import { authOf } from '../../plugins/request-context';
import { studentsRepo } from '../../repositories/students';
import type { Services } from '../../services/services';
import { ok } from '../reply';
import { students as rt } from '../../../core/api/routes/students';
import * as shapes from '../../../core/api/contracts/shapes/students';
import { defineRoute } from '../define-route';
export const ROSTER_MAX_BYTES = 2 * 1024 * 1024;

/** `mStudent/*` (with roster import), `mParent/*` and `textbook/*` (/class/student, /class/ParentManagement, /class/bind). */
export const studentRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const students = services.students;
  // Multipart only for the roster upload (one file, 2 MB); it is turned into the JSON body shape before validation.
  await app.register(multipart, { limits: { fileSize: ROSTER_MAX_BYTES, files: 1, fields: 5, parts: 6 } });

  defineRoute(app, rt.mStudentList, { query: s.studentListQuery, answer: shapes.mStudentListAnswer }, async (req) => {
    const q = req.query;
    return ok(await students.page(authOf(req), q.classId, q.name, q.pageNum, q.pageSize));
  });
  defineRoute(app, rt.mStudentAdd, { body: s.studentBody, answer: s.student }, async (req) => ok(await students.add(authOf(req), req.body)));
  defineRoute(app, rt.mStudentUpl, { body: s.studentUpdateBody, answer: s.student }, async (req) => ok(await students.update(authOf(req), req.body)));
  defineRoute(app, rt.mStudentResetCode, { body: shapes.mStudentResetCodeBody, answer: shapes.mStudentResetCodeAnswer }, async (req) => ok(await students.resetCode(authOf(req), req.body.id)));
  defineRoute(app, rt.mStudentDel, { query: s.studentDelQuery, answer: shapes.deleted }, async (req) => ok(await students.remove(authOf(req), req.query.ids.split(',').map(Number))));
  defineRoute(app, rt.mStudentMove, { body: s.studentMoveBody, answer: shapes.mStudentMoveAnswer }, async (req) => ok(await students.move(authOf(req), req.body.ids, req.body.toClassId)));

  defineRoute(app, rt.mStudentImportPreview, { query: s.importPreviewQuery, body: s.importPreviewBody, answer: s.importPreview }, async (req) => {
    const content = Buffer.from(req.body.contentBase64, 'base64');
    if (content.length > ROSTER_MAX_BYTES) throw badRequest('IMPORT_UNREADABLE', 'import.unreadable');
    return ok(await students.importPreview(authOf(req), req.body.classId, req.body.fileName, content, req.lang));
  }, {
    // Base64 makes a 2 MB roster about 2.7 MB of JSON.
    bodyLimit: Math.ceil((ROSTER_MAX_BYTES * 4) / 3) + 64 * 1024,
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
  });
  defineRoute(app, rt.mStudentImportCommit, { body: s.importCommitBody, answer: s.importCommitResult }, async (req) => ok(await students.importCommit(authOf(req), req.body.classId, req.body.rows, req.lang)));

  defineRoute(app, rt.mParentList, { query: s.parentListQuery, answer: shapes.mParentListAnswer }, async (req) => ok(await students.parentPage(authOf(req), req.query.classId, req.query.name, req.query.pageNum, req.query.pageSize)));
  defineRoute(app, rt.mParentAdd, { body: s.parentBody, answer: s.parent }, async (req) => ok(await students.addParent(authOf(req), req.body)));
  defineRoute(app, rt.mParentUpl, { body: s.parentUpdateBody, answer: s.parent }, async (req) => ok(await students.updateParent(authOf(req), req.body)));
  defineRoute(app, rt.mParentDel, { query: idQuery, answer: shapes.deleted }, async (req) => ok(await students.removeParent(authOf(req), req.query.id)));

  defineRoute(app, rt.textbookList, { query: s.textbookListQuery, answer: shapes.textbookListAnswer }, async (req) => {
    authOf(req);
    return ok(await studentsRepo.textbooks(services.deps.db, req.query.grade));
  });
  defineRoute(app, rt.textbookClassBound, { query: s.classIdQuery, answer: shapes.textbookClassBoundAnswer }, async (req) => ok(await students.classTextbooks(authOf(req), req.query.classId)));
  defineRoute(app, rt.textbookBind, { body: s.textbookBindBody, answer: shapes.textbookBindAnswer }, async (req) => ok(await students.bindTextbooks(authOf(req), req.body.classId, req.body.textbookIds)));
};
