import { z } from 'zod';

/** File service (product-rules.md#api: POST /file-service/files, /file-service/files/base64). */

/** What the server accepts, sniffed from the bytes (never the name or the client's type). */
export const FILE_MIMES = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf', 'application/zip'] as const;
export type FileMime = (typeof FILE_MIMES)[number];
export const IMAGE_MIMES: readonly string[] = ['image/jpeg', 'image/png', 'image/webp'];

/** Default byte limit of one upload (env UPLOAD_MAX_MB). */
export const UPLOAD_MAX_MB_DEFAULT = 30;
/** Pixel limits of an image: 60 megapixels in all, 20,000 px on a side. */
export const MAX_IMAGE_PIXELS = 60_000_000;
export const MAX_IMAGE_SIDE = 20_000;

/** JSON upload: the file as Base64 (what the shared API client sends). */
export const base64FileBody = z.object({
  fileName: z.string().trim().max(255).default(''),
  contentBase64: z.string().min(1),
});
export type Base64FileBody = z.input<typeof base64FileBody>;

/** A stored file. `url` is a short-lived signed link usable in `<img src>` (no token needed). */
export const storedFile = z.object({
  id: z.uuid(),
  mime: z.enum(FILE_MIMES),
  size: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  sha256: z.string(),
  originalName: z.string().nullable(),
  url: z.string(),
  urlExpiresAt: z.string(),
  createdTime: z.string(),
});
export type StoredFile = z.infer<typeof storedFile>;

export const fileIdParams = z.object({ id: z.uuid() });
/** Signed read: expiry (unix seconds) and HMAC signature. */
/** `by`: the identity a bound link was issued to (`/files/{id}/info`, uploads); the server re-checks it may still read the file. */
export const signedContentQuery = z.object({ exp: z.coerce.number().int().positive(), sig: z.string().min(1).max(128), by: z.coerce.number().int().positive().max(2_147_483_647).optional(), st: z.coerce.number().int().positive().max(2_147_483_647).optional(), sa: z.coerce.number().int().positive().max(2_147_483_647).optional() });
