// lint-as: src/app/probe.ts
// expect: import-x/no-restricted-paths
import * as widgets from '../widgets/define-widget';
export { widgets };
