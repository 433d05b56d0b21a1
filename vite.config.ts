import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = path.resolve(import.meta.dirname, 'client');

export default defineConfig({
  root,
  publicDir: path.resolve(root, 'public'),
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: {
      '@': path.resolve(root, 'src'),
      '@common': path.resolve(import.meta.dirname, 'common'),
    },
  },
  build: {
    outDir: path.resolve(import.meta.dirname, 'dist/client'),
    emptyOutDir: true,
    manifest: true,
    sourcemap: false,
    target: 'es2022',
  },
  server: {
    // `npm run dev`: Vite serves the client with hot reload and forwards the API and socket.
    proxy: {
      '/api': 'http://127.0.0.1:5001',
      '/ws': { target: 'ws://127.0.0.1:5001', ws: true },
      '/healthz': 'http://127.0.0.1:5001',
      '/readyz': 'http://127.0.0.1:5001',
    },
  },
});
