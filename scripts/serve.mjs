// serve.mjs: serves dist/ on 127.0.0.1 with sirv (a small, well-kept static file server).
import http from 'node:http';
import sirv from 'sirv';

/**
 * Starts a static server for `directory`.
 * @param {string} directory
 * @param {{port?: number, host?: string, pending?: Map<string, Promise<unknown>>}} [options] port 0
 *   picks a free one; `pending` maps paths (`/ik2d-batch.wasm`) of files still being written to a
 *   promise that settles when they are: a request for one waits for it.
 * @returns {Promise<{server: http.Server, url: string}>}
 */
export function serve(directory, { port = 0, host = '127.0.0.1', pending = new Map() } = {}) {
  const handler = sirv(directory, { dev: true, etag: true });
  const server = http.createServer((request, response) => {
    const waiting = pending.get(new URL(request.url ?? '/', 'http://localhost').pathname);
    if (!waiting) return handler(request, response);
    waiting.then(() => handler(request, response), () => handler(request, response));
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const address = server.address();
      const actualPort = typeof address === 'object' && address ? address.port : port;
      resolve({ server, url: `http://${host}:${actualPort}/` });
    });
  });
}
