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
    globalSetup: ['server/test/db-template.ts'],
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
        resolve: {
          alias: {
            ...alias,
            '@testing-library/react': path.resolve(import.meta.dirname, 'node_modules/@testing-library/react/dist/@testing-library/react.esm.js'),
            'react-dom/test-utils': 'preact/test-utils',
          },
        },
        test: {
          name: 'client',
          environment: 'jsdom',
          include: ['client/**/*.test.{ts,tsx}'],
          setupFiles: ['client/src/test/setup.ts'],
          // React Testing Library drives the components on Preact (ADR 0007): its ES build, inlined, so its
          // one import that Preact's stand-in package lacks (react-dom/test-utils, for act) goes to Preact's.
          server: { deps: { inline: [/@testing-library\/react/] } },
        },
      },
    ],
  },
});
