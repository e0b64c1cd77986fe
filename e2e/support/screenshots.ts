import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Where browser tests save their screenshots: a temporary folder, so `npm test` leaves the tracked
 * docs/screenshots/ alone. `node --import tsx scripts/screenshots.ts --e2e` runs the specs with
 * ZHIPI_SCREENSHOTS_DIR set to docs/screenshots/ to refresh the pictures the docs show.
 */
export const SCREENSHOTS_DIR = path.resolve(process.env.ZHIPI_SCREENSHOTS_DIR ?? path.join(tmpdir(), 'zhipi-e2e-screenshots'));
mkdirSync(SCREENSHOTS_DIR, { recursive: true });
