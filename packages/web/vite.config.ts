import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { constants, brotliCompressSync, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';

/**
 * The protocol version the app is built for (@citadel/protocol's PROTOCOL_VERSION), read from its
 * source: Node loads this config, and cannot import the package's TypeScript.
 */
function protocolVersion(): number {
  const path = createRequire(import.meta.url).resolve('@citadel/protocol/version');
  const found = /^export const PROTOCOL_VERSION = (\d+);$/m.exec(readFileSync(path, 'utf8'));
  if (!found) throw new Error(`${path} does not say PROTOCOL_VERSION = <a whole number>;`);
  return Number(found[1]);
}
const PROTOCOL_VERSION = protocolVersion();

/** Text files this small gain nothing from compression. */
const COMPRESS_FROM_BYTES = 1024;
const COMPRESSIBLE = /\.(js|css|html|svg|json|webmanifest|txt)$/;

/**
 * Writes a Brotli (`.br`, best quality) and a gzip (`.gz`) copy beside each built text file, once
 * per build, so the server sends compressed files without compressing on every request. It runs
 * after Vite's own last rewrite of the chunks (the preload lists of dynamic imports, filled in by
 * its `generateBundle`), so that the copies hold the code as it is written out.
 */
function precompress(): Plugin {
  return {
    name: 'citadel-precompress',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const file of Object.values(bundle)) {
          if (!COMPRESSIBLE.test(file.fileName)) continue;
          const source = file.type === 'chunk' ? file.code : file.source;
          const bytes = typeof source === 'string' ? Buffer.from(source) : Buffer.from(source);
          if (bytes.length < COMPRESS_FROM_BYTES) continue;
          this.emitFile({
            type: 'asset',
            fileName: `${file.fileName}.br`,
            source: brotliCompressSync(bytes, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
              },
            }),
          });
          this.emitFile({
            type: 'asset',
            fileName: `${file.fileName}.gz`,
            source: gzipSync(bytes, { level: 9 }),
          });
        }
      },
    },
  };
}

/** What index.html holds in place of the build's id until the build knows it. */
const BUILD_PLACEHOLDER = '__CITADEL_BUILD__';

/**
 * Says in index.html what the page is (src/updates/page-version.ts reads it): the protocol version
 * it speaks and its build, as `citadel-protocol` and `citadel-build` meta tags. The build's id is
 * a hash of the names of the files built (their names hold their contents' hashes), written in by
 * `serviceWorker` once they are known; the dev server says `dev`.
 */
function pageVersion(): Plugin {
  let building = false;
  return {
    name: 'citadel-page-version',
    configResolved(config) {
      building = config.command === 'build';
    },
    transformIndexHtml: () => [
      {
        tag: 'meta',
        attrs: { name: 'citadel-protocol', content: String(PROTOCOL_VERSION) },
        injectTo: 'head',
      },
      {
        tag: 'meta',
        attrs: { name: 'citadel-build', content: building ? BUILD_PLACEHOLDER : 'dev' },
        injectTo: 'head',
      },
    ],
  };
}

/** The file of the build's description, for the server (packages/server/src/web-build.ts). */
const BUILD_FILE = 'citadel-build.json';

/**
 * Emits `sw.js`, the service worker that makes the app work offline once loaded, and announces
 * releases to the open pages (src/updates/release-watch.ts): it precaches index.html and every
 * built file (their names are only known here), answers navigations (every route is index.html)
 * from the network and falls back to the cache, and answers the hashed assets from the caches
 * first. A new build is a new worker with a new cache. It waits while pages of the worker before
 * it are open, until one of them asks it to take over (`skip-waiting`, the reload a page offers);
 * it says its build when asked (`build`, answered on the port sent). Taking over, it keeps the
 * cache of the build before it beside its own (pages of that build still open load their code
 * from it) and deletes the older ones. Also writes the build's id into index.html and
 * `citadel-build.json`.
 */
function serviceWorker(): Plugin {
  return {
    name: 'citadel-service-worker',
    apply: 'build',
    // After the other plugins, so every chunk and style sheet the build emits is in the list.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const files = Object.keys(bundle)
          .filter((f) => !/\.(map|br|gz)$/.test(f) && f !== 'index.html')
          .sort();
        const build = createHash('sha256').update(files.join('\n')).digest('hex').slice(0, 12);
        const index = bundle['index.html'];
        if (index?.type !== 'asset' || !String(index.source).includes(BUILD_PLACEHOLDER))
          this.error('index.html has no place for the build id (the citadel-page-version plugin)');
        index.source = String(index.source).replace(BUILD_PLACEHOLDER, build);
        const urls = ['/', ...files.map((f) => `/${f}`)];
        this.emitFile({
          type: 'asset',
          fileName: 'sw.js',
          source: SW_SOURCE.replace('__CACHE__', `citadel-${build}`)
            .replace('__BUILD__', build)
            .replace('__URLS__', JSON.stringify(urls)),
        });
        this.emitFile({
          type: 'asset',
          fileName: BUILD_FILE,
          source: `${JSON.stringify({ build, protocol: PROTOCOL_VERSION })}\n`,
        });
      },
    },
  };
}

const SW_SOURCE = `// Citadel's service worker (generated by vite.config.ts at build time).
const CACHE = '__CACHE__';
const BUILD = '__BUILD__';
const URLS = __URLS__;
self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((c) => c.addAll(URLS)));
});
self.addEventListener('message', (event) => {
  const type = event.data && event.data.type;
  if (type === 'skip-waiting') self.skipWaiting();
  else if (type === 'build' && event.ports[0]) event.ports[0].postMessage(BUILD);
});
self.addEventListener('activate', (event) => {
  // Caches are listed oldest first: the last one before this build's is the build before it.
  event.waitUntil(
    caches
      .keys()
      .then((keys) => {
        const others = keys.filter((k) => k.startsWith('citadel-') && k !== CACHE);
        return Promise.all(others.slice(0, -1).map((k) => caches.delete(k)));
      })
      .then(() => self.clients.claim()),
  );
});
self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    event.respondWith(
      fetch(request).catch(() =>
        caches.open(CACHE).then((c) => c.match('/')).then((r) => r || Response.error()),
      ),
    );
    return;
  }
  // Only the built files: a dev server on the same origin (its /src/ modules) is left alone. A
  // page of the build before this one finds its files in that build's cache.
  if (!url.pathname.startsWith('/assets/')) return;
  event.respondWith(
    caches.match(request).then(
      (hit) =>
        hit ||
        fetch(request).then((response) => {
          if (response.ok) {
            const copy = response.clone();
            caches.open(CACHE).then((c) => c.put(request, copy));
          }
          return response;
        }),
    ),
  );
});
`;

// The app is a single page: index.html serves every route (/play/<variant>, /learn/<variant>).
export default defineConfig({
  root: import.meta.dirname,
  base: '/',
  // The service worker lists the built files before their compressed copies are added.
  plugins: [pageVersion(), serviceWorker(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    reportCompressedSize: false,
  },
  worker: { format: 'es' },
  logLevel: 'warn',
});
