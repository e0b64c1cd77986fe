// lint-as: src/views/probe.ts
// expect: import-x/no-nodejs-modules
import { Worker } from 'worker_threads';
export { Worker };
