export { GrowthProfile, type GrowthProfileProps } from './GrowthProfile';
export { GrowthTable, type GrowthTableProps } from './GrowthTable';
