import { useEffect } from 'react';
import { App as AntApp, ConfigProvider, theme } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import enUS from 'antd/locale/en_US';
import { BrowserRouter } from 'react-router-dom';
// antd's prebuilt stylesheet (css variables) instead of generating every component's rules at runtime:
// the first screens spent ~1 s of main thread (4× throttled) on antd's css-in-js. Before global.css, so ours win.
import 'antd/dist/antd.css';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { PRIMARY_COLOR } from '../core/constants';
import { wholeCatalogues } from '../core/i18n/whole-catalogues';
import { I18nProvider } from '../views/i18n/i18n-context';
import { ACCESSIBLE_COMPONENT_TOKENS, ACCESSIBLE_TEXT_TOKENS } from '../views/theme/accessible-tokens';
import { AppContext, type AppContextValue } from './app-context';
import { BASE_PATH, notifier } from './boot/app-services';
import { Shell } from './shell/Shell';
import './global.css';

/** Connects the API client's error sink to antd's message API once <App> exists. */
function NotifierBridge() {
  const { message } = AntApp.useApp();
  useEffect(() => {
    notifier.error = (text) => void message.error(text);
  }, [message]);
  return null;
}

export function App({ services }: { services: AppContextValue }) {
  const lang = services.config.lang;
  dayjs.locale(lang === 'en' ? 'en' : 'zh-cn');
  return (
    <ConfigProvider
      locale={lang === 'en' ? enUS : zhCN}
      theme={{ zeroRuntime: true, algorithm: theme.defaultAlgorithm, token: { colorPrimary: PRIMARY_COLOR, colorLink: PRIMARY_COLOR, borderRadius: 6, ...ACCESSIBLE_TEXT_TOKENS }, components: ACCESSIBLE_COMPONENT_TOKENS }}
    >
      <AntApp>
        <NotifierBridge />
        <I18nProvider lang={lang} catalogues={wholeCatalogues}>
          <AppContext.Provider value={services}>
            <BrowserRouter basename={BASE_PATH}>
              <Shell />
            </BrowserRouter>
          </AppContext.Provider>
        </I18nProvider>
      </AntApp>
    </ConfigProvider>
  );
}
