// Worker thread: parses one roster file (see parse-roster-off-thread.ts) and posts the result.
import { parentPort, workerData } from 'node:worker_threads';
import { parseRoster } from './parse-roster';

const { fileName, bytes } = workerData as { fileName: string; bytes: Uint8Array };
parentPort!.postMessage(await parseRoster(fileName, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)));
