import path from 'node:path';
import { defineConfig } from 'vitest/config';

const alias = {
  '@': path.resolve(import.meta.dirname, 'client/src'),
  '@common': path.resolve(import.meta.dirname, 'common'),
  // Client tests run the contracts themselves (the build gives the client only their routes: vite.config.ts).
  '@endpoints': path.resolve(import.meta.dirname, 'common/contracts'),
};

export default defineConfig({
  test: {
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        // extends: without it a project ignores the root test options (timeouts, workers).
        extends: true,
        resolve: { alias },
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/**/*.test.ts', 'common/**/*.test.ts', 'scripts/**/*.test.ts'],
        },
      },
      {
        // extends: without it a project ignores the root test options (timeouts, workers).
        extends: true,
        resolve: { alias },
        test: {
          name: 'client',
          environment: 'jsdom',
          include: ['client/**/*.test.{ts,tsx}'],
          setupFiles: ['client/src/test/setup.ts'],
        },
      },
    ],
  },
});
