export { CorrectionPanel, type CorrectionPanelProps } from './CorrectionPanel';
export { CorrectionList, type CorrectionListProps } from './CorrectionList';
export type { PanelApi } from './use-review-actions';
