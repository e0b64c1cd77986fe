import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as e from '../../../core/api/contracts/essays';
import { badRequest } from '../../errors';
import { inspectUpload, type InspectedFile } from '../../services/file-sniff';
import { readFieldsThenFiles } from '../multipart-fields-first';
import type { Services } from '../../services/services';
import { ok } from '../reply';
import { h5Upload as rt } from '../../../core/api/routes/h5-upload';
import { defineRoute } from '../define-route';
/** The JSON form carries small Base64 pages only; photos go as multipart. */
export const H5_JSON_MAX_BYTES = 512 * 1024;
const jsonIdentityQuery = e.h5SubmitBody.pick({ taskId: true, classCode: true, studentId: true, studentCode: true });

const sendsMultipart = (req: FastifyRequest) => /^multipart\/form-data/i.test(req.headers['content-type'] ?? '');

/** The JSON form's sender, from the query (taskId, classCode, studentId) and the X-Student-Code header. */
function jsonIdentity(req: FastifyRequest) {
  const q = req.query as Record<string, unknown>;
  const parsed = jsonIdentityQuery.safeParse({ taskId: q.taskId, classCode: q.classCode, studentId: q.studentId, studentCode: req.headers['x-student-code'] });
  if (!parsed.success) throw badRequest('IDENTITY_FIRST', 'h5.identityFirst');
  return parsed.data;
}
type Prepared = Awaited<ReturnType<Services['h5Upload']['prepare']>>;
/** Pages of a multipart submission, checked while streaming in (fields come first). */
const streamed = new WeakMap<FastifyRequest, { prepared: Prepared; pages: { checked: InspectedFile; fileName: string }[] }>();

/**
 * `h5/upload/*`: what the task's upload QR (`/teaching/h5/upload?taskId=&classCode=`) opens. Public,
 * rate limited per IP and class code (in the database); the class code must be one of the task's
 * classes and a submission carries the student's own code.
 */
export const h5UploadRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const h5 = services.h5Upload;
  const maxBytes = h5.maxBytes;
  await app.register(multipart, { limits: { fileSize: maxBytes, files: e.MAX_PHONE_PAGES, fields: 6, parts: e.MAX_PHONE_PAGES + 6 } });

  defineRoute(app, rt.uploadContext, { query: e.h5UploadQuery, answer: e.h5UploadContext }, async (req) => ok(await h5.context(req.query.taskId, req.query.classCode, req.ip)));

  defineRoute(app, rt.uploadSubmit, { body: e.h5SubmitBody, answer: e.h5SubmitResult }, async (req) => {
    const job = streamed.get(req)!;
    if (!req.isMultipart()) for (const p of req.body.pages) job.pages.push({ checked: await inspectUpload(Buffer.from(p.contentBase64, 'base64'), maxBytes), fileName: p.fileName });
    return ok(await h5.submit(job.prepared, job.pages));
  }, {
    // Only the JSON form is parsed against this; multipart files stream within `maxBytes` each.
    bodyLimit: H5_JSON_MAX_BYTES,
    // Who is sending is settled before a byte of the body is read: the IP limit for every form, and
    // for JSON the identity from the query and header, so an anonymous large body costs nothing.
    onRequest: async (req) => {
      await h5.limitIp(req.ip);
      // The multipart parser has not run yet, so the header says which form this is.
      if (sendsMultipart(req)) return;
      const identity = jsonIdentity(req);
      await h5.limitClass(identity.classCode);
      streamed.set(req, { prepared: await h5.prepare(identity, req.ip), pages: [] });
    },
    preValidation: async (req) => {
      if (!req.isMultipart()) {
        if (!streamed.has(req)) throw badRequest('IDENTITY_FIRST', 'h5.identityFirst');
        const identity = jsonIdentity(req);
        // The body's own identity fields, if any, are replaced by the checked ones.
        (req as { body: unknown }).body = { ...(req.body as object), ...identity };
        return;
      }
      const { fields, prepared, files: pages } = await readFieldsThenFiles(req, {
        maxBytes,
        tooManyFiles: () => badRequest('TOO_MANY_PAGES', 'essay.tooManyPages', { max: e.MAX_PHONE_PAGES }),
        prepare: async (fields) => {
          const parsed = e.h5SubmitBody.pick({ taskId: true, classCode: true, studentId: true, studentCode: true }).safeParse(fields);
          if (!parsed.success) throw badRequest('FIELDS_FIRST', 'essay.fieldsFirst');
          await h5.limitClass(parsed.data.classCode);
          return h5.prepare(parsed.data, req.ip);
        },
      });
      if (!prepared) throw badRequest('VALIDATION', 'essay.pagesRequired');
      streamed.set(req, { prepared, pages });
      (req as { body: unknown }).body = { ...fields, pages: pages.map((p) => ({ fileName: p.fileName, contentBase64: '-' })) };
    },
  });
};
