// lint-as: src/server/services/probe.ts
// expect: no-restricted-properties
// Configuration is read in src/server/config.ts only.
export const workers = process.env.AI_WORKERS;
