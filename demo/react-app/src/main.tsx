// Importing the package defines zhipi's four elements before the first render, so React 19 sets
// their props as properties (camelCase names) and listens to `onzp-*` events.
import '@zhipi/elements';
// JSX types: props and onzp-* events of the four elements.
import type {} from '@zhipi/elements/react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import './portal.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
