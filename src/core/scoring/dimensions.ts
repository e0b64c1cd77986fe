/**
 * The dimensions a scoring standard can choose (4 to 8 for score types 1, 2, 4). One catalogue for the
 * standard dialog, the task details and the local engine: a standard stores names ("立意,内容,…" in
 * the seeded default, "立意切题,…" from the dialog), and every reader resolves them through here, so
 * the dialog shows the stored standard ticked (product-rules.md#teacher-journey) and English shows English names.
 */
export const DIMENSION_IDS = ['theme', 'content', 'structure', 'language', 'rhetoric', 'mechanics', 'description', 'emotion', 'creativity', 'genre'] as const;
export type DimensionId = (typeof DIMENSION_IDS)[number];

export const DIMENSION_CATALOGUE: Record<DimensionId, { zh: string; en: string; aliases: readonly string[] }> = {
  theme: { zh: '立意切题', en: 'Theme and relevance', aliases: ['立意', '切题', '中心', '主题', '审题'] },
  content: { zh: '内容充实', en: 'Content', aliases: ['内容', '选材', '材料'] },
  structure: { zh: '结构条理', en: 'Structure', aliases: ['结构', '条理', '层次', '谋篇'] },
  language: { zh: '语言表达', en: 'Language', aliases: ['语言', '表达', '词语', '用词'] },
  rhetoric: { zh: '修辞运用', en: 'Rhetoric', aliases: ['修辞', '手法'] },
  mechanics: { zh: '书写规范', en: 'Characters and punctuation', aliases: ['书写', '规范', '错别字', '标点', '卷面'] },
  description: { zh: '描写细腻', en: 'Description', aliases: ['描写', '细节'] },
  emotion: { zh: '情感真挚', en: 'Feeling', aliases: ['情感', '感情', '真情'] },
  creativity: { zh: '新颖独特', en: 'Originality', aliases: ['创新', '新颖', '创意', '独特', '亮点'] },
  genre: { zh: '文体规范', en: 'Genre', aliases: ['文体', '体裁'] },
};

/** A stored or typed name (id, zh name, English name or alias) → its dimension id. */
export function resolveDimension(name: string): DimensionId | undefined {
  const n = name.trim();
  if (!n) return undefined;
  if ((DIMENSION_IDS as readonly string[]).includes(n)) return n as DimensionId;
  for (const id of DIMENSION_IDS) {
    const d = DIMENSION_CATALOGUE[id];
    if (d.zh === n || d.en.toLowerCase() === n.toLowerCase() || d.aliases.some((a) => n.includes(a))) return id;
  }
  return undefined;
}

/** A stored dimension name as the reader sees it: the catalogue's name in their language, or as stored. */
export function dimensionLabel(name: string, lang: 'zh' | 'en'): string {
  const id = resolveDimension(name);
  return id ? DIMENSION_CATALOGUE[id][lang] : name;
}

/** Stored names as the catalogue's zh names (the standard dialog's values), unknown names dropped. */
export function canonicalDimensionNames(stored: readonly string[]): string[] {
  const ids = stored.map(resolveDimension).filter((id): id is DimensionId => id !== undefined);
  return [...new Set(ids)].map((id) => DIMENSION_CATALOGUE[id].zh);
}
