// lint-as: src/h5/probe.ts
// expect: import-x/no-nodejs-modules
import { readFileSync } from 'node:fs';
export { readFileSync };
