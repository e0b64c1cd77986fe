// Assignment and Grade Services 2.0: a score is POSTed to `<line item URL>/scores` (the path extended
// before any query string) as application/vnd.ims.lis.v1.score+json.
import type { Executor } from '../db/database';
import type { LtiPlatformRow } from '../repositories/lti';
import { MEDIA, SCOPE } from './claims';
import { PlatformCallError, platformFetch } from './platform-token';

export interface Score {
  userId: string;
  scoreGiven: number;
  scoreMaximum: number;
  comment?: string;
  timestamp: string;
}

export function scoresUrl(lineitemUrl: string): string {
  const url = new URL(lineitemUrl);
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/scores`;
  return url.toString();
}

export async function postScore(db: Executor, platform: LtiPlatformRow, lineitemUrl: string, score: Score, now: Date): Promise<void> {
  const body = JSON.stringify({ ...score, activityProgress: 'Completed', gradingProgress: 'FullyGraded' });
  const res = await platformFetch(db, platform, [SCOPE.score], scoresUrl(lineitemUrl), { method: 'POST', accept: 'application/json', contentType: MEDIA.score, body }, now);
  if (!res.ok) throw new PlatformCallError(`score POST answered ${res.status}`, res.status);
}
