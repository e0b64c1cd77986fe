// lint-as: src/widgets/probe.ts
// expect: import-x/no-restricted-paths
import * as h5 from '../h5/toast';
export { h5 };
