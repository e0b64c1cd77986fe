// The password of every seeded demo user (src/server/seed), for specs and the global setup alike
// (the global setup cannot import session.ts: it imports vitest's test API).
export const PASSWORD = 'Zhipi@2026';
