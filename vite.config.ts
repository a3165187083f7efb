import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The web app lives in src/web and is built to dist/web, which the Fastify server serves.
// `vite build --ssr` builds src/web/prerender.tsx to dist/ssr for scripts/prerender.ts.
export default defineConfig(({ isSsrBuild }) => ({
  root: 'src/web',
  publicDir: isSsrBuild ? false : 'public',
  plugins: [react(), tailwindcss()],
  build: isSsrBuild
    ? {
        outDir: '../../dist/ssr',
        emptyOutDir: true,
        sourcemap: false,
        target: 'node22',
        rollupOptions: { input: 'src/web/prerender.tsx' },
      }
    : {
        outDir: '../../dist/web',
        emptyOutDir: true,
        sourcemap: false,
        target: 'es2022',
      },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:5000' },
  },
}));
