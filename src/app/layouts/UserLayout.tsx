import type { ReactNode } from 'react';
import { Alert } from 'antd';
import { shouldWarnBrowser } from '../../core/layout/browser-support';
import { loginBrandingForHost } from '../../core/layout/login-branding';
import { useLang, useT } from '../../views/i18n/i18n-context';
import './user-layout.css';

/** Login layout: background and logo by site origin, and the unsupported-browser warning on desktops (product-rules.md#screens). */
export function UserLayout({ children }: { children: ReactNode }) {
  const t = useT();
  const lang = useLang();
  const branding = loginBrandingForHost(window.location.hostname, lang);
  const warn = shouldWarnBrowser(navigator.userAgent);
  return (
    <div className={`zp-user-layout zp-brand-${branding.id}`}>
      {warn && <Alert className="zp-browser-warning" type="warning" showIcon banner message={t('login.unsupportedBrowser')} />}
      <div className="zp-user-hero">
        <div className="zp-user-logo" aria-hidden>
          批
        </div>
        <h1>{branding.title}</h1>
        <p>{branding.subtitle}</p>
        <p className="zp-user-slogan">{t('login.slogan')}</p>
      </div>
      <main className="zp-user-card">{children}</main>
      <footer className="zp-user-footer">{t('footer.copyright', { year: new Date().getFullYear() })}</footer>
    </div>
  );
}
