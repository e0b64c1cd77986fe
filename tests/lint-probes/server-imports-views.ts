// lint-as: src/server/routes/probe.ts
// expect: import-x/no-restricted-paths
import * as chart from '../../views/charts/Chart';
export { chart };
