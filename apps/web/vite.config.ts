import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { reactOnPreact } from './react-on-preact.ts';
import { brand } from './src/components/brand.ts';

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
        if (!/\.(js|mjs|css|html|svg|json|webmanifest)$/.test(file)) continue;
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

/** Crest icons on a white square: the crest is the school's dark blue, which needs a light ground to be seen. */
const onWhite = { padding: 0.15, resizeOptions: { background: '#ffffff' } };

/**
 * The web app manifest and the service worker (decision 044). The manifest's name is the server's
 * to give (SCHOOL_NAME): it replaces `name` when it serves the file. Icons are drawn at build time
 * from the crest. The worker precaches the built files only; the server answers everything else.
 */
const installable = VitePWA({
  strategies: 'injectManifest',
  srcDir: 'src',
  filename: 'sw.ts',
  injectRegister: false,
  registerType: 'prompt',
  manifest: {
    id: '/',
    name: 'School Portal',
    short_name: 'Portal',
    description: 'Registration, report cards and attendance.',
    lang: 'en',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: brand.primary,
    background_color: brand.primary,
  },
  pwaAssets: {
    image: 'public/favicon.svg',
    preset: {
      transparent: { sizes: [192, 512], padding: 0.05 },
      maskable: { sizes: [512], ...onWhite, padding: 0.3 },
      apple: { sizes: [180], ...onWhite },
    },
    overrideManifestIcons: true,
    // index.html keeps its own links: the SVG favicon, theme colour and the Apple icon.
    includeHtmlHeadLinks: false,
    injectThemeColor: false,
  },
  injectManifest: {
    globPatterns: ['**/*.{js,mjs,css,html,svg,png}'],
    // pdf.js's worker is about 1.3 MB before compression.
    maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
  },
  devOptions: { enabled: false },
});

export default defineConfig({
  plugins: [react(), precompress(), installable],
  resolve: { alias: reactOnPreact },
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
