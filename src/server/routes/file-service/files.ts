import multipart from '@fastify/multipart';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as f from '../../../core/api/contracts/file';
import { badRequest } from '../../errors';
import { authOf } from '../../plugins/request-context';
import type { FileRow } from '../../repositories/files';
import { tooLarge } from '../../services/file-sniff';
import type { FileGrant, FileService } from '../../services/file-service';
import { ok } from '../reply';
import { files as rt } from '../../../core/api/routes/files';
import { defineRoute } from '../define-route';

/** The one grant a signed link names (two or more, or none: no grant, refused as unsigned). */
function grantOf(q: { by?: number; st?: number; sa?: number }): FileGrant | undefined {
  const given = [q.by, q.st, q.sa].filter((x) => x !== undefined);
  if (given.length !== 1) return undefined;
  return q.by !== undefined ? { identityId: q.by } : q.st !== undefined ? { studentId: q.st } : { sampleId: q.sa! };
}

function sendBytes(reply: FastifyReply, row: FileRow, bytes: Buffer, cache: string) {
  const ext = row.mime.split('/')[1] === 'jpeg' ? 'jpg' : row.mime.split('/')[1];
  return reply
    .header('content-type', row.mime)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cache-control', cache)
    .header('content-disposition', `${row.mime.startsWith('image/') ? 'inline' : 'attachment'}; filename="${row.id}.${ext}"`)
    .send(bytes);
}

/** Streams the one file part of a multipart request into memory, never past the byte limit. */
export async function readMultipartFile(part: { toBuffer(): Promise<Buffer> } | undefined, maxBytes: number): Promise<Buffer> {
  if (!part) throw badRequest('NO_FILE', 'intake.noFile');
  try {
    return await part.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(maxBytes);
    throw err;
  }
}

/** `/file-service/files*`: upload (multipart or Base64 JSON), authorised read, signed read. */
export const fileRoutes: FastifyPluginAsyncZod<{ files: FileService }> = async (app, { files }) => {
  const maxBytes = files.maxBytes;
  await app.register(multipart, { limits: { fileSize: maxBytes, files: 1, fields: 5, parts: 6 } });

  defineRoute(app, rt.upload, { answer: f.storedFile }, async (req) => {
    const auth = authOf(req);
    if (!req.isMultipart()) throw badRequest('NO_FILE', 'intake.noFile');
    const part = await req.file();
    const bytes = await readMultipartFile(part, maxBytes);
    return ok(await files.upload(auth, bytes, part?.filename));
  }, {
    bodyLimit: maxBytes + 64 * 1024,
  });

  defineRoute(app, rt.uploadBase64, { body: f.base64FileBody, answer: f.storedFile }, async (req) => {
    const auth = authOf(req);
    const bytes = Buffer.from(req.body.contentBase64, 'base64');
    return ok(await files.upload(auth, bytes, req.body.fileName || undefined));
  }, {
    bodyLimit: Math.ceil((maxBytes * 4) / 3) + 64 * 1024,
  });

  defineRoute(app, rt.read, { params: f.fileIdParams }, async (req, reply) => {
    const { row, bytes } = await files.read(authOf(req), req.params.id);
    return sendBytes(reply, row, bytes, 'private, no-store');
  });

  defineRoute(app, rt.info, { params: f.fileIdParams, answer: f.storedFile }, async (req) => ok(await files.info(authOf(req), req.params.id)));

  defineRoute(app, rt.signedContent, { params: f.fileIdParams, query: f.signedContentQuery }, async (req, reply) => {
    const { row, bytes, maxAgeSeconds } = await files.readSigned(req.params.id, req.query.exp, req.query.sig, grantOf(req.query));
    return sendBytes(reply, row, bytes, `private, max-age=${maxAgeSeconds}, immutable`);
  });
};
