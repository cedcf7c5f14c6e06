import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const api = 'http://127.0.0.1:8000';

/**
 * Writes a brotli and a gzip copy beside each built text file, at the strongest settings, so the
 * server sends phones a third of the bytes without compressing anything while it runs.
 */
function precompress(): Plugin {
  return {
    name: 'portal-precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      for (const file of Object.keys(bundle)) {
        if (!/\.(js|css|html|svg|json)$/.test(file)) continue;
        const target = path.join(options.dir!, file);
        const bytes = fs.readFileSync(target);
        fs.writeFileSync(`${target}.gz`, gzipSync(bytes, { level: 9 }));
        fs.writeFileSync(
          `${target}.br`,
          brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
        );
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    host: '127.0.0.1',
    proxy: { '/api': api, '/sanctum': api, '/logout': api },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    sourcemap: false,
    chunkSizeWarningLimit: 900,
  },
});
