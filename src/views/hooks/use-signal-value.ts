import { useSyncExternalStore } from 'react';
import type { ReadonlySignal } from '@preact/signals-core';

/**
 * Reads a core signal in a React component and re-renders when it changes. useSyncExternalStore
 * keeps this correct under concurrent rendering without the signals Babel transform.
 */
export function useSignalValue<T>(sig: ReadonlySignal<T>): T {
  return useSyncExternalStore(
    (onChange) => sig.subscribe(() => onChange()),
    () => sig.peek(),
    () => sig.peek(),
  );
}
