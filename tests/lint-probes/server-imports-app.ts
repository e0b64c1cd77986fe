// lint-as: src/server/routes/probe.ts
// expect: import-x/no-restricted-paths
import * as app from '../../app/App';
export { app };
