// lint-as: src/views/probe.ts
// expect: import-x/no-restricted-paths
// A bare folder import: resolves to src/correction/index.ts.
import * as correction from '../correction';
export { correction };
