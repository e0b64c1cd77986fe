import { Worker, type WorkerOptions } from 'node:worker_threads';

/** This module runs from its TypeScript source (tsx, vitest) rather than from the build. */
const fromSource = import.meta.url.endsWith('.ts');

/**
 * A thread module beside the caller: `name.ts` from source, `name.js` in the build (which keeps the
 * source tree's layout, so a thread's file sits beside the module that starts it either way).
 */
export function threadModuleUrl(name: string, callerUrl: string): string {
  return new URL(`./${name}${callerUrl.endsWith('.ts') ? '.ts' : '.js'}`, callerUrl).href;
}

/**
 * Starts a worker thread on `moduleUrl` (a file: or data: URL). The built server's threads load their
 * JavaScript directly; from source the thread first registers the TypeScript loader (tsx-thread.mjs).
 */
export function startThread(moduleUrl: string, options: WorkerOptions = {}): Worker {
  if (!fromSource) return new Worker(new URL(moduleUrl), options);
  return new Worker(new URL('./tsx-thread.mjs', import.meta.url), { ...options, argv: [...(options.argv ?? []), moduleUrl] });
}
