import type * as f from '../contracts/file';
import { route } from './route';

/** /file-service: files.ts routes. */
export const files = {
  upload: route<{ answer: typeof f.storedFile }>('POST', '/file-service/files', {
    consumes: ['multipart/form-data'],
    summary: "Upload one file (multipart field \"file\"): JPG, PNG, WebP (HEIC when decodable), PDF or ZIP, sniffed from the bytes; ≤ UPLOAD_MAX_MB, ≤ 60 MP and 20,000 px a side; content-addressed per school",
    tags: ["file-service"],
    errors: [413, 415],
  }),
  uploadBase64: route<{ body: typeof f.base64FileBody; answer: typeof f.storedFile }>('POST', '/file-service/files/base64', {
    summary: "Upload one file as Base64 JSON (same checks as multipart)",
    tags: ["file-service"],
    errors: [413, 415],
  }),
  read: route<{ params: typeof f.fileIdParams }>('GET', '/file-service/files/:id', {
    summary: "The bytes of a file of the caller’s school (bearer token)",
    tags: ["file-service"],
  }),
  info: route<{ params: typeof f.fileIdParams; answer: typeof f.storedFile }>('GET', '/file-service/files/:id/info', {
    summary: "Metadata of a file the caller may read, with a fresh signed link bound to the caller (5 minutes; stops working once the caller may no longer read the file)",
    tags: ["file-service"],
  }),
  signedContent: route<{ params: typeof f.fileIdParams; query: typeof f.signedContentQuery }>('GET', '/file-service/files/:id/content', {
    summary: "The bytes of a file by a short-lived signed link (what <img src> uses); expired or wrong signature 403; each link carries one grant (by = a signed-in reader, st = the pupil, sa = a published sample) and answers 404 once that grant no longer reaches the file; a link without a grant 403",
    tags: ["file-service"],
    public: true,
  }),
};
