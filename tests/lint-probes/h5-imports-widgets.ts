// lint-as: src/h5/probe.ts
// expect: import-x/no-restricted-paths
import * as widgets from '../widgets/widget-events';
export { widgets };
