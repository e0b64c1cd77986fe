import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// Three faces from one build (docs/architecture.md): the app at /teaching/, the H5 pages at
// /teaching/h5/; the widgets join under /teaching/widgets/ with their own entry.
export default defineConfig({
  base: '/teaching/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      input: { app: 'index.html', h5: 'h5/index.html', widgets: 'widgets/index.html', 'zp-widgets': 'src/widgets/loader.ts' },
    },
  },
  server: {
    proxy: { '/correction-api': 'http://localhost:8080' },
  },
});
