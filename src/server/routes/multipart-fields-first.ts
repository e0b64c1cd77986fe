import type { FastifyRequest } from 'fastify';
import type { AppError } from '../errors';
import { inspectUpload, tooLarge, type InspectedFile } from '../services/file-sniff';

export interface StreamedFiles<P> {
  fields: Record<string, string>;
  /** What `prepare` answered: null when no file came. */
  prepared: P | null;
  files: { checked: InspectedFile; fileName: string }[];
}

/**
 * Reads a public multipart submission whose text fields come before its files: the fields are checked
 * (`prepare`: who is sending, may they, rate limits) as soon as the first file starts, so nothing of a
 * refused upload is read; each file is then read within `maxBytes` and its type sniffed.
 */
export async function readFieldsThenFiles<P>(
  req: FastifyRequest,
  opts: { maxBytes: number; prepare: (fields: Record<string, string>) => Promise<P>; tooManyFiles: () => AppError },
): Promise<StreamedFiles<P>> {
  const fields: Record<string, string> = {};
  const files: StreamedFiles<P>['files'] = [];
  let prepared: P | null = null;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      prepared ??= await opts.prepare(fields);
      files.push({ checked: await inspectUpload(await part.toBuffer(), opts.maxBytes), fileName: part.filename });
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(opts.maxBytes);
    if (code === 'FST_FILES_LIMIT') throw opts.tooManyFiles();
    throw err;
  }
  return { fields, prepared, files };
}
