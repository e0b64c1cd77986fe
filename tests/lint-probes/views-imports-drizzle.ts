// lint-as: src/views/probe.ts
// expect: no-restricted-imports
import { eq } from 'drizzle-orm';
export { eq };
