import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Web unit/component tests. Playwright specs live in /e2e and are never picked up here.
export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    root: import.meta.dirname,
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    testTimeout: 20_000,
    // One worker runs many files: antd, React and jsdom load once per worker instead of once per
    // file. The setup file puts back the module state a test changes (session, language, dayjs).
    isolate: false,
  },
});
