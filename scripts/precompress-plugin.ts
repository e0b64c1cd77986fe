// Writes .br and .gz beside every script and stylesheet a build emits; the server sends them to browsers
// that accept them (@fastify/static preCompressed), so phones on slow networks download a quarter.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|mjs|css|svg|json)$/;

export function precompress(defaultOutDir: string): Plugin {
  return {
    name: 'zhipi-precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      for (const file of Object.keys(bundle)) {
        if (!COMPRESSIBLE.test(file)) continue;
        const full = path.join(options.dir ?? defaultOutDir, file);
        // every file, however small: a module served sometimes compressed and sometimes not is a surprise
        const bytes = readFileSync(full);
        writeFileSync(`${full}.gz`, gzipSync(bytes, { level: 9 }));
        writeFileSync(`${full}.br`, brotliCompressSync(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length } }));
      }
    },
  };
}
