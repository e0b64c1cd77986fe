import type { Lang } from '../../core/i18n';
import { AppError, badRequest, forbidden, notFound } from '../errors';
import { classesRepo } from '../repositories/classes';
import { scoringRepo, type ScoringRow } from '../repositories/scoring';
import { can } from './access';
import type { AuthContext } from './auth-context';
import type { ServiceDeps } from './deps';

const TYPE_NAMES: Record<number, [string, string]> = { 1: ['A/B/C 等级', 'A/B/C grade'], 2: ['优/良/中/差', 'Excellent/good/medium/poor'], 3: ['分数', 'Score'], 4: ['传统文字等级', 'Traditional text grade'] };

/** Dimensions of a comma-joined levelDim (either comma), trimmed, without blanks or repeats. */
export const splitDims = (levelDim: string) => [...new Set(levelDim.split(/[,，]/).map((d) => d.trim()).filter(Boolean))];

/** product-rules.md#validation: types 1, 2 and 4 take 4 to 8 dimensions; type 3 (score) takes one option. */
export function checkLevel(levelType: number, levelDim: string): string[] {
  const dims = splitDims(levelDim);
  if (levelType === 3) {
    if (dims.length !== 1) throw badRequest('SCORING_SINGLE_OPTION', 'scoring.singleOption');
  } else if (dims.length < 4 || dims.length > 8) {
    throw badRequest('SCORING_DIMENSION_COUNT', 'scoring.dimensionCount');
  }
  return dims;
}

export function levelView(r: ScoringRow, auth: AuthContext) {
  return {
    id: r.id,
    name: r.name,
    levelType: r.levelType,
    levelDim: r.levelDim,
    dimensions: splitDims(r.levelDim),
    difficulty: r.difficulty,
    isDefault: r.isDefault,
    mine: r.ownerIdentityId === auth.identity.id,
    updatedTime: r.updatedAt.toISOString(),
  };
}

/** Scoring standards (mScoringLevel) and per-campus score configuration (mTeacherScoreConfig). */
export function scoringService(deps: ServiceDeps) {
  const db = deps.db;
  return {
    async list(auth: AuthContext) {
      return (await scoringRepo.list(db, auth)).map((r) => levelView(r, auth));
    },
    async get(auth: AuthContext, id: number) {
      const row = await scoringRepo.visible(db, auth, id);
      if (!row) throw notFound();
      return levelView(row, auth);
    },
    async add(auth: AuthContext, body: { name?: string; levelType: number; levelDim: string; difficulty: number }, lang: Lang) {
      const dims = checkLevel(body.levelType, body.levelDim);
      const name = body.name || `${TYPE_NAMES[body.levelType]![lang === 'en' ? 1 : 0]} · ${dims.join('/')}`;
      const row = await scoringRepo.insert(db, { schoolId: auth.school.id, ownerIdentityId: auth.identity.id, name, levelType: body.levelType, levelDim: dims.join(','), difficulty: body.difficulty });
      return levelView(row, auth);
    },
    async update(auth: AuthContext, body: { id: number; name?: string; levelType: number; levelDim: string; difficulty: number }) {
      const row = await scoringRepo.visible(db, auth, body.id);
      if (!row) throw notFound();
      if (row.ownerIdentityId !== auth.identity.id) throw forbidden();
      const dims = checkLevel(body.levelType, body.levelDim);
      return levelView(await scoringRepo.update(db, body.id, { name: body.name || row.name, levelType: body.levelType, levelDim: dims.join(','), difficulty: body.difficulty }), auth);
    },
    async configs(auth: AuthContext, opts: { key?: string; campusId?: number }) {
      const rows = await scoringRepo.configs(db, auth.school.id, opts);
      const levels = new Map((await scoringRepo.list(db, auth)).map((l) => [l.id, l]));
      return rows.map(({ c, campusName }) => {
        const level = c.scoringStandardId ? levels.get(c.scoringStandardId) : undefined;
        return { id: c.id, campusId: c.campusId, campusName, key: c.key, scoringStandardId: c.scoringStandardId, scoringStandard: level ? levelView(level, auth) : null, fullMark: c.fullMark, updatedTime: c.updatedAt.toISOString() };
      });
    },
    async saveConfig(auth: AuthContext, body: { campusId: number; key: string; scoringStandardId: number | null; fullMark: number }) {
      // The configuration applies to every teacher of the campus: only the headmaster (headmaster.edit) sets it.
      if (!can(auth, 'headmaster', 'edit')) throw new AppError(403, 'HEADMASTER_ONLY', 'config.headmasterOnly', undefined, { show: true });
      if (!(await classesRepo.campus(db, auth.school.id, body.campusId))) throw notFound();
      if (body.scoringStandardId && !(await scoringRepo.visible(db, auth, body.scoringStandardId))) throw badRequest('SCORING_STANDARD_UNKNOWN', 'task.scoringStandardUnknown');
      const row = await scoringRepo.upsertConfig(db, { schoolId: auth.school.id, campusId: body.campusId, key: body.key, scoringStandardId: body.scoringStandardId, fullMark: body.fullMark, updatedByIdentityId: auth.identity.id });
      return (await this.configs(auth, { key: row.key, campusId: row.campusId }))[0]!;
    },
  };
}
