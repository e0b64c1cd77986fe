import { createRoot } from 'react-dom/client';
import { ConfigProvider, ErrorBlock, NavBar } from 'antd-mobile';
import zhCN from 'antd-mobile/es/locales/zh-CN';
import enUS from 'antd-mobile/es/locales/en-US';
import { languageForHost, translate } from '../core/i18n';

/**
 * Mobile H5 pages opened from QR codes (parent reports, student phone upload). The pages join with
 * their features; until then every H5 path says so honestly, in the host's language.
 */
function H5App() {
  const injected = (window as { __ZHIPI__?: { lang?: 'zh' | 'en' } }).__ZHIPI__;
  const lang = injected?.lang ?? languageForHost(window.location.host);
  return (
    <ConfigProvider locale={lang === 'en' ? enUS : zhCN}>
      <NavBar back={null}>{translate(lang, 'app.name')}</NavBar>
      <ErrorBlock status="empty" title={translate(lang, 'building.title', { page: translate(lang, 'page.report') })} description={translate(lang, 'building.desc')} />
    </ConfigProvider>
  );
}

createRoot(document.getElementById('root')!).render(<H5App />);
