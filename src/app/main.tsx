import { createRoot } from 'react-dom/client';
import { App } from './App';
import { createAppServices } from './boot/app-services';
import { readRuntimeConfig } from './boot/runtime-config';

const config = readRuntimeConfig();
document.documentElement.lang = config.lang === 'en' ? 'en' : 'zh-CN';
const services = { ...createAppServices(config.lang), config };
createRoot(document.getElementById('root')!).render(<App services={services} />);
