import { defineConfig } from 'vite';

// The app is a single page: index.html serves every route (/play/<variant>, /learn/<variant>).
export default defineConfig({
  root: import.meta.dirname,
  base: '/',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    reportCompressedSize: false,
  },
  worker: { format: 'es' },
  logLevel: 'warn',
});
