import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DatabaseTarget } from '../src/server/db/database';
import type { ServerReady } from './api-server';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Starts the app in a child process and waits for its port. */
export function startServer(target: DatabaseTarget, env: Record<string, string> = {}, startMs = 60_000, execArgv: string[] = []): Promise<{ child: ChildProcess; ready: ServerReady }> {
  const child = fork(path.join(here, 'api-server.ts'), [], {
    execArgv: ['--import', 'tsx', ...execArgv],
    env: { ...process.env, ...env, BENCH_TARGET: JSON.stringify(target), NODE_ENV: 'production' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the bench server did not start within ${startMs / 1000} s`)), startMs);
    child.once('message', (msg) => {
      clearTimeout(timer);
      child.removeAllListeners('exit');
      resolve({ child, ready: msg as ServerReady });
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the bench server exited with code ${code}`));
    });
  });
}

export function stopServer(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.send('stop');
  });
}

