import { createRoot } from 'react-dom/client';
// antd-mobile by path, with its global styles (what the 'antd-mobile' index would import first): the
// index's chunk carries ErrorBlock and Toast, which no page's first screen needs (Lighthouse TBT).
import 'antd-mobile/es/global';
import ConfigProvider from 'antd-mobile/es/components/config-provider';
import zhCN from 'antd-mobile/es/locales/zh-CN';
import enUS from 'antd-mobile/es/locales/en-US';
import { BrowserRouter } from 'react-router-dom';
import { languageForHost } from '../core/i18n/language';
import { wholeCatalogues } from '../core/i18n/whole-catalogues';
import { I18nProvider } from '../views/i18n/i18n-context';
import { H5Context } from './h5-context';
import { createH5Services } from './h5-services';
import { H5Routes, prefetchPage } from './H5Routes';
import './h5.css';

/** Mobile H5 pages opened from QR codes: students' class page and phone upload; reports later. */
const injected = (window as { __ZHIPI__?: { lang?: 'zh' | 'en' } }).__ZHIPI__;
const lang = injected?.lang ?? languageForHost(window.location.host);
document.documentElement.lang = lang === 'en' ? 'en' : 'zh-CN';
const services = createH5Services(lang);
prefetchPage(window.location.pathname.replace(/^\/teaching\/h5/, '').replace(/\/$/, ''));

createRoot(document.getElementById('root')!).render(
  <ConfigProvider locale={lang === 'en' ? enUS : zhCN}>
    <I18nProvider lang={lang} catalogues={wholeCatalogues}>
      <H5Context.Provider value={services}>
        <BrowserRouter basename="/teaching/h5">
          <H5Routes />
        </BrowserRouter>
      </H5Context.Provider>
    </I18nProvider>
  </ConfigProvider>,
);
