// lint-as: src/app/probe.ts
// expect: import-x/no-restricted-paths
import * as h5 from '../h5/H5Routes';
export { h5 };
