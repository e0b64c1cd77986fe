import { asc, eq, inArray } from 'drizzle-orm';
import type { Lang } from '../../core/i18n';
import type { Executor } from '../db/database';
import { dictItems } from '../db/schema';

/** SQL for dictionary tables (`dictDetail`, `dictDetail/map`). */
export const dictionaryRepo = {
  list(db: Executor, dictName: string, lang: Lang) {
    return db
      .select({ label: lang === 'en' ? dictItems.labelEn : dictItems.labelZh, value: dictItems.value, sort: dictItems.sort })
      .from(dictItems)
      .where(eq(dictItems.dictName, dictName))
      .orderBy(asc(dictItems.sort), asc(dictItems.id));
  },
  listMany(db: Executor, dictNames: string[], lang: Lang) {
    return db
      .select({ dictName: dictItems.dictName, label: lang === 'en' ? dictItems.labelEn : dictItems.labelZh, value: dictItems.value, sort: dictItems.sort })
      .from(dictItems)
      .where(inArray(dictItems.dictName, dictNames))
      .orderBy(asc(dictItems.sort), asc(dictItems.id));
  },
};
