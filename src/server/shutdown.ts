import type { FastifyBaseLogger } from 'fastify';

/**
 * Stops a process cleanly on SIGINT/SIGTERM: runs the steps once, in order, and exits; a stuck step
 * is cut off after `graceMs` so an orchestrator's restart never hangs.
 */
export function onShutdown(log: FastifyBaseLogger, message: string, graceMs: number, steps: () => Promise<void>) {
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, message);
    const force = setTimeout(() => process.exit(1), graceMs).unref();
    try {
      await steps();
    } finally {
      clearTimeout(force);
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}
