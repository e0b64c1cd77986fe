import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as e from '../../../core/api/contracts/essays';
import { errorBody } from '../../../core/api/contracts/envelope';
import { badRequest } from '../../errors';
import { inspectUpload, type InspectedFile } from '../../services/file-sniff';
import { readFieldsThenFiles } from '../multipart-fields-first';
import type { Services } from '../../services/services';
import { ok, responses } from '../reply';

const tags = ['platform-management: phone upload (public)'];
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

  app.get('/h5/upload/context', {
    config: { public: true },
    schema: { tags, summary: 'Task, requirements, deadline and the class’s students (names, masked ids, submission state) for the upload QR', querystring: e.h5UploadQuery, response: responses(e.h5UploadContext) },
  }, async (req) => ok(await h5.context(req.query.taskId, req.query.classCode, req.ip)));

  app.post('/h5/upload/submit', {
    config: { public: true },
    bodyLimit: Math.ceil((maxBytes * 4) / 3) * 2 + 64 * 1024,
    schema: {
      tags,
      summary: `A student's submission: multipart (fields taskId, classCode, studentId, studentCode, then up to ${e.MAX_PHONE_PAGES} image files in page order) or JSON with Base64 pages (small pages only). Before the deadline; a repeat replaces the pages of the draft until the teacher approves it (the replaced pages are kept as a previous version and the teacher is notified); after a revision request it becomes the next draft`,
      consumes: ['multipart/form-data', 'application/json'],
      body: e.h5SubmitBody,
      response: { ...responses(e.h5SubmitResult), 409: errorBody, 413: errorBody, 415: errorBody },
    },
    preValidation: async (req) => {
      await h5.limitIp(req.ip);
      if (!req.isMultipart()) return;
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
  }, async (req) => {
    let job = streamed.get(req);
    if (!job) {
      await h5.limitClass(req.body.classCode);
      const prepared = await h5.prepare(req.body, req.ip);
      const pages = [];
      for (const p of req.body.pages) pages.push({ checked: await inspectUpload(Buffer.from(p.contentBase64, 'base64'), maxBytes), fileName: p.fileName });
      job = { prepared, pages };
    }
    return ok(await h5.submit(job.prepared, job.pages));
  });
};
