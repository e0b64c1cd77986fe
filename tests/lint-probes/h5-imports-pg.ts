// lint-as: src/h5/probe.ts
// expect: no-restricted-imports
import pg from 'pg';
export { pg };
