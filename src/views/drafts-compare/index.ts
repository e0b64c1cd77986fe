export { DraftsCompare, type DraftsCompareProps } from './DraftsCompare';
export { buildDraftColumns, diffDrafts, type DiffSegment, type DraftColumnModel } from './diff-model';
