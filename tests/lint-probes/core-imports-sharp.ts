// lint-as: src/core/probe.ts
// expect: no-restricted-imports
import sharp from 'sharp';
export { sharp };
