import type { Lang } from '../../core/i18n';
import type { SourceBody } from '../../core/api/contracts/prompt-bank';
import { forbidden, notFound } from '../errors';
import { promptBankRepo, type SourceFilter, type SourceRow } from '../repositories/prompt-bank';
import { DICTIONARY } from '../seed/reference-data';
import type { AuthContext } from './auth-context';
import type { ServiceDeps } from './deps';

export function sourceView(r: SourceRow) {
  return {
    id: r.id,
    title: r.title,
    theme: r.theme,
    topic: r.topic,
    type: r.type,
    grade: r.grade,
    unit: r.unit,
    term: r.term,
    requirements: r.requirements,
    guidance: r.guidance,
    material: r.material,
    isPublic: r.ownerIdentityId === null,
    copiedFromId: r.copiedFromId,
    createdTime: r.createdAt.toISOString(),
  };
}

type Parsed = Required<Pick<SourceBody, 'title' | 'type' | 'grade'>> & { id?: number; theme: string; topic: string; unit?: number | null; term?: number | null; requirements: string[]; guidance: string; material: string };

/** The prompt bank: public prompts for everyone in a school, personal prompts for their owner only. */
export function promptBankService(deps: ServiceDeps) {
  const db = deps.db;
  const mine = (auth: AuthContext) => auth.identity.id;
  return {
    async page(owner: number | null, f: SourceFilter, pageNum: number, pageSize: number) {
      const { rows, total } = await promptBankRepo.page(db, owner, f, pageNum, pageSize);
      return { list: rows.map(sourceView), total, pageNum, pageSize };
    },
    async types(lang: Lang) {
      const counts = await promptBankRepo.types(db);
      return DICTIONARY.filter((d) => d.dictName === 'genre').map((d) => ({ value: d.value, label: lang === 'en' ? d.labelEn : d.labelZh, count: counts.find((c) => c.value === d.value)?.count ?? 0 }));
    },
    async getPublic(id: number) {
      const row = await promptBankRepo.find(db, null, id);
      if (!row) throw notFound();
      return sourceView(row);
    },
    async getMine(auth: AuthContext, id: number) {
      const row = await promptBankRepo.find(db, mine(auth), id);
      if (!row) throw notFound();
      return sourceView(row);
    },
    async toPersonal(auth: AuthContext, id: number) {
      const src = await promptBankRepo.find(db, null, id);
      if (!src) throw notFound();
      const { id: _id, seedKey: _k, createdAt: _c, updatedAt: _u, ...copy } = src;
      return sourceView(await promptBankRepo.insert(db, { ...copy, schoolId: auth.school.id, ownerIdentityId: mine(auth), copiedFromId: src.id }));
    },
    async save(auth: AuthContext, body: Parsed) {
      const values = { title: body.title, theme: body.theme, topic: body.topic, type: body.type, grade: body.grade, unit: body.unit ?? null, term: body.term ?? null, requirements: body.requirements, guidance: body.guidance, material: body.material };
      if (body.id) {
        const existing = await promptBankRepo.find(db, mine(auth), body.id);
        if (!existing) {
          if (await promptBankRepo.find(db, null, body.id)) throw forbidden('SOURCE_NOT_EDITABLE');
          throw notFound();
        }
        return sourceView(await promptBankRepo.update(db, body.id, values));
      }
      return sourceView(await promptBankRepo.insert(db, { ...values, schoolId: auth.school.id, ownerIdentityId: mine(auth) }));
    },
    async remove(auth: AuthContext, id: number) {
      const n = await promptBankRepo.remove(db, mine(auth), id);
      if (!n) throw notFound();
      return { deleted: n };
    },
  };
}
