// lint-as: src/correction/probe.ts
// expect: no-restricted-syntax
// Taking env apart from process is the same read.
const { env } = process;
export const threads = env.OCR_THREADS;
