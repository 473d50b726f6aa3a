import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { endpointSchemasAsTypes } from './build/endpoint-schemas-as-types';

// The server serves dist/ with a history fallback on port 3000; in dev, /api goes there too.
export default defineConfig({
  base: '/',
  plugins: [react(), endpointSchemasAsTypes()],
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      treeshake: {
        // Our workspace packages are plain declarations: let unused schemas (and zod with them)
        // drop out of the entry chunk. Packages in node_modules keep their own sideEffects hints.
        moduleSideEffects: [{ test: /packages[\\/](contracts|domain)[\\/]src[\\/]/, sideEffects: false }],
      },
      output: {
        // React and its DOM renderer in one chunk: the lazily loaded chart library shares them with the
        // entry, and without a group they split into several small chunks the login page all downloads.
        advancedChunks: { groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ }] },
      },
    },
  },
});
