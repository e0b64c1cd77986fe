// lint-as: src/widgets/probe.ts
// expect: import-x/no-nodejs-modules
import { gzipSync } from 'zlib';
export { gzipSync };
