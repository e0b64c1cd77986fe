import { defineConfig, build, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './scripts/precompress-plugin';

/**
 * The partner-portal elements are a second build (vite.widgets.config.ts → dist/widgets/), run when
 * this one has written dist/, so `vite build` always produces both.
 */
function widgetsBuild(): Plugin {
  return {
    name: 'zhipi-widgets-build',
    apply: 'build',
    async closeBundle(error) {
      if (error) return;
      await build({ configFile: 'vite.widgets.config.ts', logLevel: 'warn' });
    },
  };
}

/** Dev server: the stable loader URL serves every element from the sources. */
function widgetsDevLoader(): Plugin {
  return {
    name: 'zhipi-widgets-dev-loader',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use('/teaching/widgets/zp-widgets.js', (_req, res) => {
        res.setHeader('content-type', 'text/javascript');
        res.end("import '/teaching/src/widgets/loader.ts';\n");
      });
    },
  };
}

// Faces of one build (docs/architecture.md): the app at /teaching/, the H5 pages at /teaching/h5/;
// the widgets at /teaching/widgets/ come from their own build (above).
export default defineConfig({
  base: '/teaching/',
  plugins: [react(), precompress('dist'), widgetsBuild(), widgetsDevLoader()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      input: { app: 'index.html', h5: 'h5/index.html' },
    },
  },
  server: {
    proxy: { '/correction-api': 'http://localhost:8080' },
  },
});
