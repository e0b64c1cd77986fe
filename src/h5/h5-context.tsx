import { createContext, useContext } from 'react';
import type { H5Services } from './h5-services';

export const H5Context = createContext<H5Services | null>(null);

export function useH5(): H5Services {
  const value = useContext(H5Context);
  if (!value) throw new Error('useH5 outside <H5Context.Provider>');
  return value;
}
