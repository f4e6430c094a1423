// A small static server for the built app (packages/web/dist): files as they are (text files
// gzip-compressed for a browser that accepts it), and index.html for every client-side route
// (/play/<variant>, /learn/<variant>). Used by `npm start` and by the browser tests.
// Run: node packages/web/serve.mjs [--port N] [--host H]
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { createGzip } from 'node:zlib';
import { fileURLToPath } from 'node:url';

/** @type {Record<string, string>} */
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
};

/** Types worth compressing (images like PNG are compressed already). */
const COMPRESSIBLE = /^(text\/|application\/(json|manifest\+json)|image\/svg)/;

/** Whether the request's Accept-Encoding takes gzip (and does not refuse it with q=0). */
function acceptsGzip(header = '') {
  return header.split(',').some((part) => {
    const [name, ...params] = part.trim().split(';');
    const q = params.find((p) => p.trim().startsWith('q='));
    return name === 'gzip' && (!q || Number(q.trim().slice(2)) > 0);
  });
}

export const DIST = fileURLToPath(new URL('./dist/', import.meta.url));

/**
 * Starts serving `root` on `port` (0 = any free port) and resolves to `{ server, url }`.
 * @param {{ root?: string, port?: number, host?: string }} [options]
 * @returns {Promise<{ server: import('node:http').Server, url: string }>}
 */
export function serve(options = {}) {
  const root = resolve(options.root ?? DIST);
  const host = options.host ?? '127.0.0.1';
  const server = createServer(async (req, res) => {
    try {
      const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
      let file = normalize(join(root, path));
      if (file !== root && !file.startsWith(root + sep)) {
        res.writeHead(403).end('forbidden');
        return;
      }
      let info = await stat(file).catch(() => null);
      if (info?.isDirectory()) {
        file = join(file, 'index.html');
        info = await stat(file).catch(() => null);
      }
      // Client-side routes: any path without a file extension gets the app.
      if (!info && !extname(path)) {
        file = join(root, 'index.html');
        info = await stat(file).catch(() => null);
      }
      if (!info) {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
        return;
      }
      const type = TYPES[extname(file)] ?? 'application/octet-stream';
      const immutable = file.includes(`${sep}assets${sep}`);
      const cacheControl = immutable ? 'public, max-age=31536000, immutable' : 'no-cache';
      const gzip = COMPRESSIBLE.test(type) && acceptsGzip(req.headers['accept-encoding']);
      res.writeHead(200, {
        'content-type': type,
        'cache-control': cacheControl,
        vary: 'accept-encoding',
        ...(gzip ? { 'content-encoding': 'gzip' } : { 'content-length': info.size }),
      });
      if (req.method === 'HEAD') res.end();
      else if (gzip) createReadStream(file).pipe(createGzip()).pipe(res);
      else createReadStream(file).pipe(res);
    } catch {
      res.writeHead(400).end('bad request');
    }
  });
  return new Promise((done, fail) => {
    server.once('error', fail);
    server.listen(options.port ?? 0, host, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : options.port;
      done({ server, url: `http://${host === '0.0.0.0' ? 'localhost' : host}:${port}/` });
    });
  });
}

const isMain = process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const args = process.argv.slice(2);
  /** @type {(name: string, fallback: string) => string} */
  const arg = (name, fallback) => {
    const i = args.indexOf(name);
    return i >= 0 && args[i + 1] ? args[i + 1] : fallback;
  };
  const port = Number(arg('--port', process.env.PORT ?? '5173'));
  const host = arg('--host', '127.0.0.1');
  const { url } = await serve({ port, host });
  console.log(`Citadel is running at ${url}  (Ctrl+C to stop)`);
  console.log(`  play:  ${url}play/tamerlane`);
  console.log(`  learn: ${url}learn/tamerlane`);
}
