import type { Db } from '../db/database';
import type { DbEvents } from '../db/db-events';
import type { PasswordCipher } from '../auth/rsa-keys';
import type { TokenSigner } from '../auth/tokens';
import type { SmsProvider } from './sms-provider';
import type { FileStorage } from '../storage/file-storage';
import type { ModelServiceReviewer, OcrProvider } from '../../correction/index';

/** What services need from the outside, passed in so tests can build the app without globals. */
export interface ServiceDeps {
  db: Db;
  /** LISTEN/NOTIFY of the database (set by buildApp from the opened database): streams wake when a job moves in any process. */
  events?: DbEvents;
  signer: TokenSigner;
  cipher: PasswordCipher;
  sms: SmsProvider;
  now: () => Date;
  /** This server's public URL (env PUBLIC_URL): a CAS ticket's service URL must be on its host; none = the request's Host header. */
  publicUrl?: string;
  /** Base URL of the basic-data platform classes are synced from (env BASIC_DATA_URL); none = sync off. */
  basicDataUrl?: string;
  /** Where uploaded file bytes live (DATA_DIR/files, or memory in tests). */
  storage: FileStorage;
  /** OCR for AI correction; default the engine's local PaddleOCR (loaded once per process). Tests inject a fake. */
  ocr?: OcrProvider;
  /** Model-service review (AI_BASE_URL/AI_MODEL/AI_API_KEY); none = local engine only. */
  modelService?: ModelServiceReviewer;
  /**
   * Copy detection in AI corrections (env COPY_CHECK, on by default in the server and worker). Off unless
   * set: API tests hand the same fixture page in for many pupils, which the check would rightly flag.
   */
  copyCheck?: boolean;
  /** Largest upload in bytes (env UPLOAD_MAX_MB, default 30 MB). */
  uploadMaxBytes?: number;
  /** Range of the proof-of-work counter (POW_COUNTER by default); tests make it small so solving is instant. */
  powWork?: { min: number; max: number };
  /** Largest image (pixels) the server rotates; bigger ones get error.imageRotateTooLarge. Default 40 MP. */
  rotateMaxPixels?: number;
}
