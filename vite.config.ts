import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// The app is a static site: a relative base by default, so dist/ works from any path on any
// plain host. PLAYPEN_BASE sets an absolute one (e.g. /playpen/) for hosts that need it.
export default defineConfig({
  base: process.env.PLAYPEN_BASE || './',
  plugins: [react()],
  worker: { format: 'es' },
  build: { target: 'es2022', chunkSizeWarningLimit: 8000 },
  server: { port: 5173, strictPort: false },
  preview: { port: 4173 },
  test: {
    include: ['tests/unit/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30000,
  },
});
