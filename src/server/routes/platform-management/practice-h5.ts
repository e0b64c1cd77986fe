import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as c from '../../../core/api/contracts/practice';
import { badRequest } from '../../errors';
import { tooLarge, type InspectedFile } from '../../services/file-sniff';
import { readFieldsThenFiles } from '../multipart-fields-first';
import { checkTypedAnswer, type PreparedPracticeAttempt } from '../../services/practice-h5-service';
import type { Services } from '../../services/services';
import { ok } from '../reply';
import { practiceH5 as rt } from '../../../core/api/routes/practice-h5';
import { defineRoute } from '../define-route';
/** Photos of a multipart submission, checked while streaming in (the fields come first). */
const streamed = new WeakMap<FastifyRequest, { prepared: PreparedPracticeAttempt; photos: { checked: InspectedFile; fileName: string }[] }>();
/** A typed answer's JSON body at most (5000 characters of text and the fields). */
const TYPED_MAX_BYTES = 64 * 1024;
const WHO_FIELDS = { classCode: true, studentId: true, studentCode: true, practiceId: true } as const;

/**
 * `h5/practice*`: what the class page's 练习 link opens (`/teaching/h5/practice?code=`). Public and
 * rate limited per address; the student's own code (学生码) is checked before any answer is read.
 */
export const practiceH5Routes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const h5 = services.practiceH5;
  await app.register(multipart, { limits: { fileSize: h5.maxBytes, files: c.PRACTICE_MAX_PHOTOS, fields: 6, parts: c.PRACTICE_MAX_PHOTOS + 6 } });

  defineRoute(app, rt.practiceClass, { query: c.h5PracticeClassQuery, answer: c.h5PracticeClass }, async (req) => ok(await h5.classView(req.query.code, req.ip)));

  defineRoute(app, rt.practiceMine, { body: c.h5PracticeWho, answer: c.h5PracticeMine }, async (req) => ok(await h5.mine(req.body, req.ip, req.lang)));

  defineRoute(app, rt.practiceSubmit, { body: c.h5PracticeSubmit, answer: c.h5PracticeSubmitted }, async (req) => {
    const photo = streamed.get(req);
    if (photo) return ok(await h5.submit(photo.prepared, { photos: photo.photos }));
    const text = checkTypedAnswer(req.body.text);
    const prepared = await h5.prepare(req.body, req.ip);
    return ok(await h5.submit(prepared, { text }));
  }, {
    // Only the typed JSON answer is parsed against this; photos stream as multipart within h5.maxBytes each.
    bodyLimit: TYPED_MAX_BYTES,
    // A typed answer is small: a large JSON body is refused before it is read (photos go as multipart, checked while streaming).
    onRequest: async (req) => {
      if (!String(req.headers['content-type'] ?? '').startsWith('multipart/') && Number(req.headers['content-length'] ?? 0) > TYPED_MAX_BYTES) throw tooLarge(TYPED_MAX_BYTES);
    },
    preValidation: async (req) => {
      await h5.limitSubmit(req.ip);
      // JSON: the student's code is checked in the handler before anything is stored.
      if (!req.isMultipart()) return;
      const { fields, prepared, files: photos } = await readFieldsThenFiles(req, {
        maxBytes: h5.maxBytes,
        tooManyFiles: () => badRequest('TOO_MANY_PHOTOS', 'practice.tooManyPhotos', { max: c.PRACTICE_MAX_PHOTOS }),
        prepare: async (fields) => {
          const parsed = c.h5PracticeWho.pick(WHO_FIELDS).safeParse({ ...fields, studentId: Number(fields.studentId), practiceId: Number(fields.practiceId) });
          if (!parsed.success) throw badRequest('FIELDS_FIRST', 'essay.fieldsFirst');
          return h5.prepare(parsed.data, req.ip);
        },
      });
      if (!prepared) throw badRequest('ANSWER_EMPTY', 'practice.answerEmpty');
      if (photos.some((p) => !p.checked.mime.startsWith('image/'))) throw badRequest('PHOTO_NOT_IMAGE', 'practice.photoNotImage');
      streamed.set(req, { prepared, photos });
      (req as { body: unknown }).body = { classCode: fields.classCode, studentId: Number(fields.studentId), studentCode: fields.studentCode, practiceId: Number(fields.practiceId) };
    },
  });
};
