// lint-as: src/core/probe.ts
// expect: import-x/no-nodejs-modules
import { readFile } from 'fs/promises';
export { readFile };
