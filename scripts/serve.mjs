// serve.mjs: serves dist/ on 127.0.0.1 with sirv (a small, well-kept static file server).
import http from 'node:http';
import sirv from 'sirv';

/**
 * Starts a static server for `directory`.
 * @param {string} directory
 * @param {{port?: number, host?: string}} [options] port 0 picks a free one
 * @returns {Promise<{server: http.Server, url: string}>}
 */
export function serve(directory, { port = 0, host = '127.0.0.1' } = {}) {
  const handler = sirv(directory, { dev: true, etag: true });
  const server = http.createServer(handler);
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const address = server.address();
      const actualPort = typeof address === 'object' && address ? address.port : port;
      resolve({ server, url: `http://${host}:${actualPort}/` });
    });
  });
}
