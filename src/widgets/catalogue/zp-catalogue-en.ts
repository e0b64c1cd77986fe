// The elements' English texts: the whole catalogue from the sources, the keys the elements name in
// the build (see zp-catalogue-zh.ts).
export { en as catalogue } from '../../core/i18n/en';
