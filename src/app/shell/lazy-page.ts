import { lazy, type ComponentType } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS } from '../../core/constants';

/** React.lazy whose chunk load fails after 120 s (product-rules.md#errors) instead of spinning forever. */
export function lazyPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  return lazy(() =>
    Promise.race([
      load(),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('Chunk load timed out')), CHUNK_LOAD_TIMEOUT_MS)),
    ]),
  );
}
