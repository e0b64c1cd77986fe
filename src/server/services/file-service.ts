import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import type { StoredFile } from '../../core/api/contracts/file';
import type { Executor } from '../db/database';
import { AppError, notFound } from '../errors';
import { filesRepo, type FileRow } from '../repositories/files';
import { identitiesRepo } from '../repositories/identities';
import { contentKey } from '../storage/file-storage';
import type { AuthContext } from './auth-context';
import { isScopedTeacher } from './access';
import type { ServiceDeps } from './deps';
import { inspectUpload, maxBytesOf, type InspectedFile } from './file-sniff';

export { inspectUpload };
export type InspectedFileLike = InspectedFile;

export type { FileRow };

/** Lifetime of a page or cover link inside an answer (an essay, a report, a sample): long enough to read the page. */
export const PAGE_URL_TTL_SECONDS = 15 * 60;
/** Lifetime of a link bound to its reader (`/files/{id}/info`, uploads): long enough for an <img> to load. */
export const BOUND_URL_TTL_SECONDS = 5 * 60;
export const FILE_SERVICE_PREFIX = '/correction-api/file-service';

/** Who stores a file: the school, and the identity when a signed-in user uploads (none for the phone page). */
export type FileOwner = { schoolId: number; identityId?: number | null } | AuthContext;
const ownerOf = (o: FileOwner) => ('school' in o ? { schoolId: o.school.id, identityId: o.identity.id } : { schoolId: o.schoolId, identityId: o.identityId ?? null });

/**
 * Checks the bytes (type by magic bytes, size, pixels, decodable) and stores them content-addressed:
 * the same bytes twice in one school give the same file row and one stored object. Exported for the
 * other intake services (batch splitting stores each page image through here).
 */
export async function saveFile(deps: Pick<ServiceDeps, 'db' | 'storage' | 'uploadMaxBytes'>, owner: FileOwner, bytes: Buffer, opts: { originalName?: string | null; db?: Executor } = {}): Promise<FileRow> {
  return storeInspected(deps, owner, await inspectUpload(bytes, maxBytesOf(deps.uploadMaxBytes)), opts);
}

/** Stores an upload already checked with `inspectUpload` (check every file of a request first, then store). */
export async function storeInspected(deps: Pick<ServiceDeps, 'db' | 'storage'>, owner: FileOwner, checked: InspectedFile, opts: { originalName?: string | null; db?: Executor } = {}): Promise<FileRow> {
  const { schoolId, identityId } = ownerOf(owner);
  const sha256 = createHash('sha256').update(checked.bytes).digest('hex');
  const storageKey = `s${schoolId}/${contentKey(sha256)}`;
  // Bytes first, row second: a crash in between leaves an unreferenced object, never a row without bytes.
  await deps.storage.put(storageKey, checked.bytes);
  const { row } = await filesRepo.upsert(opts.db ?? deps.db, {
    id: randomUUID(),
    schoolId,
    sha256,
    storageKey,
    mime: checked.mime,
    size: checked.bytes.length,
    width: checked.width,
    height: checked.height,
    originalName: opts.originalName ? opts.originalName.slice(0, 255) : null,
    createdByIdentityId: identityId,
  });
  return row;
}

/**
 * Whose right a signed link carries. The signature covers the file, the expiry and the grant, and the
 * signed route re-checks that the grant still reaches the file, so a link stops working once the
 * teacher loses the class, the pupil's essay is removed or the sample is withdrawn, and within minutes
 * anyway. There is no link without a grant.
 * - identityId: a signed-in reader (teachers, headmasters);
 * - studentId: a pupil's own pages, opened with the student code or the parents' link;
 * - sampleId: a published sample, which a class page shows to anyone holding the class code.
 */
export type FileGrant = { identityId: number } | { studentId: number } | { sampleId: number };

const grantParam = (g: FileGrant) => ('identityId' in g ? `by=${g.identityId}` : 'studentId' in g ? `st=${g.studentId}` : `sa=${g.sampleId}`);
const grantMessage = (fileId: string, exp: number, g: FileGrant) =>
  'identityId' in g ? `files:${fileId}:${exp}:by:${g.identityId}` : 'studentId' in g ? `files:${fileId}:${exp}:st:${g.studentId}` : `files:${fileId}:${exp}:sa:${g.sampleId}`;

/** A signed link for one grant; expiry rounded up to the minute so repeated answers give the same URL (browser cache). */
export function grantedFileUrl(deps: Pick<ServiceDeps, 'signer' | 'now'>, fileId: string, grant: FileGrant, ttlSeconds = PAGE_URL_TTL_SECONDS): { url: string; expiresAt: Date } {
  const exp = Math.ceil((deps.now().getTime() / 1000 + ttlSeconds) / 60) * 60;
  const sig = deps.signer.mac(grantMessage(fileId, exp, grant));
  return { url: `${FILE_SERVICE_PREFIX}/files/${fileId}/content?exp=${exp}&sig=${sig}&${grantParam(grant)}`, expiresAt: new Date(exp * 1000) };
}

/** A short link for one signed-in reader (file info, uploads). */
export const boundFileUrl = (deps: Pick<ServiceDeps, 'signer' | 'now'>, fileId: string, identityId: number, ttlSeconds = BOUND_URL_TTL_SECONDS) =>
  grantedFileUrl(deps, fileId, { identityId }, ttlSeconds);

/** The file's metadata with a link bound to the reader. */
export function fileView(deps: Pick<ServiceDeps, 'signer' | 'now'>, row: FileRow, readerIdentityId: number): StoredFile {
  const { url, expiresAt } = boundFileUrl(deps, row.id, readerIdentityId);
  return {
    id: row.id,
    mime: row.mime as StoredFile['mime'],
    size: row.size,
    width: row.width,
    height: row.height,
    sha256: row.sha256,
    originalName: row.originalName,
    url,
    urlExpiresAt: expiresAt.toISOString(),
    createdTime: row.createdAt.toISOString(),
  };
}

const linkInvalid = () => new AppError(403, 'LINK_INVALID', 'intake.linkInvalid');

/** The file service routes' rules: upload, authorised read, signed read. */
export function fileService(deps: ServiceDeps) {
  /**
   * The file if the caller may read it: school-wide roles every file of their school, a class-scoped
   * teacher only what belongs to their classes, their own uploads and published samples — the same
   * reach as the essay lists, so a leaked id opens nothing more.
   */
  async function readable(auth: Pick<AuthContext, 'identity'>, id: string): Promise<FileRow> {
    const { schoolId, id: identityId } = auth.identity;
    const row = isScopedTeacher(auth) ? await filesRepo.findForTeacher(deps.db, schoolId, identityId, id) : await filesRepo.find(deps.db, schoolId, id);
    if (!row) throw notFound();
    return row;
  }
  return {
    maxBytes: maxBytesOf(deps.uploadMaxBytes),
    async upload(auth: AuthContext, bytes: Buffer, originalName: string | undefined) {
      return fileView(deps, await saveFile(deps, auth, bytes, { originalName }), auth.identity.id);
    },
    async info(auth: AuthContext, id: string) {
      return fileView(deps, await readable(auth, id), auth.identity.id);
    },
    /** Bytes for a signed-in user who may see what the file belongs to (anything else answers 404). */
    async read(auth: AuthContext, id: string) {
      const row = await readable(auth, id);
      return { row, bytes: await deps.storage.get(row.storageKey) };
    },
    /**
     * Bytes for a signed link: expired, unsigned or wrong signature 403; a grant that no longer reaches
     * the file (reader lost the class, pupil's essay gone, sample withdrawn) 404, as the authorised read.
     */
    async readSigned(id: string, exp: number, sig: string, grant: FileGrant | undefined) {
      if (!grant) throw linkInvalid();
      const expected = Buffer.from(deps.signer.mac(grantMessage(id, exp, grant)));
      const given = Buffer.from(sig);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw linkInvalid();
      if (exp * 1000 < deps.now().getTime()) throw linkInvalid();
      let row: FileRow | undefined;
      if ('identityId' in grant) {
        const identity = await identitiesRepo.findActive(deps.db, grant.identityId);
        if (!identity) throw linkInvalid();
        row = await readable({ identity }, id);
      } else if ('studentId' in grant) row = await filesRepo.findForStudent(deps.db, grant.studentId, id);
      else row = await filesRepo.findForPublishedSample(deps.db, grant.sampleId, id);
      if (!row) throw notFound();
      return { row, bytes: await deps.storage.get(row.storageKey), maxAgeSeconds: Math.max(0, Math.floor(exp - deps.now().getTime() / 1000)) };
    },
  };
}
export type FileService = ReturnType<typeof fileService>;
