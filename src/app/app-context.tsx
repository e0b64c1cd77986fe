import { createContext, useContext } from 'react';
import type { AppServices } from './boot/app-services';
import type { RuntimeConfig } from './boot/runtime-config';

export interface AppContextValue extends AppServices {
  config: RuntimeConfig;
}

export const AppContext = createContext<AppContextValue | null>(null);

export function useApp(): AppContextValue {
  const value = useContext(AppContext);
  if (!value) throw new Error('useApp outside <AppContext.Provider>');
  return value;
}
