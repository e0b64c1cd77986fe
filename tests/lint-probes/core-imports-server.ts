// lint-as: src/core/probe.ts
// expect: import-x/no-restricted-paths
import * as errors from '../server/errors';
export { errors };
