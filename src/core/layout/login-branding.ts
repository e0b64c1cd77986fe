import type { Lang } from '../i18n';

export interface LoginBranding {
  /** Which logo and background set to use (the app maps ids to its bundled images). */
  id: 'default' | 'english' | 'region';
  title: string;
  subtitle: string;
}

/**
 * product-rules.md#screens: the login layout's background and logo vary by site origin. The English host gets its
 * own set; a host with a `region.` or `qy.` label (regional deployments) gets the regional one.
 */
export function loginBrandingForHost(host: string, lang: Lang): LoginBranding {
  const name = host.toLowerCase();
  if (lang === 'en') return { id: 'english', title: 'Zhipi', subtitle: 'Essay Intelligent Grading Teaching Platform' };
  if (/^(region|qy)\./.test(name)) return { id: 'region', title: '智批 · 区域版', subtitle: '区域作文智能批改教学平台' };
  return { id: 'default', title: '智批', subtitle: '作文智能批改教学平台' };
}
