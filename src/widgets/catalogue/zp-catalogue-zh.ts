// The elements' Chinese texts. From the sources (dev server, unit tests) this is the whole catalogue;
// the elements' build replaces this module with only the keys their code names
// (scripts/widget-catalogue.ts), so a partner page fetches a few kB instead of every area's text.
export { zh as catalogue } from '../../core/i18n/zh';
