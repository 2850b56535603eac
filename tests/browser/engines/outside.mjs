// outside.mjs: loading a page some other server serves (`npm start`'s, in tests/package/fresh-start.test.mjs) in
// any engine, with its problems still recorded. Chromium and Firefox hear the console natively, so
// they load the URL itself. WebKit's driver reads problems from recorder.js, which the page must load
// first; this serves the outside server through a local proxy that passes every request and answer
// through unchanged, except that an HTML page gets the recorder first in its <head> (from the proxy's
// own origin, so the page's CSP allows it), as the test server does (startServer's headScript).
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { HEAD_SCRIPT_URL, withHeadScript } from '../harness.mjs';
import { RECORDER } from './webkit.mjs';

/**
 * A URL that shows `url` in the engine with its problems recorded: `url` itself, or for WebKit the
 * same path on a recording proxy (close() stops it).
 * @param {'chromium' | 'firefox' | 'webkit'} name
 * @param {string} url An http URL on 127.0.0.1.
 * @returns {Promise<{url: string, close: () => Promise<void>}>}
 */
export async function outsideUrlFor(name, url) {
  if (name !== 'webkit') return { url, close: async () => {} };
  const target = new URL(url);
  const server = http.createServer((request, response) => {
    if (new URL(request.url ?? '/', 'http://x').pathname.endsWith(`/${HEAD_SCRIPT_URL}`)) {
      response.setHeader('Content-Type', 'text/javascript');
      response.end(readFileSync(RECORDER));
      return;
    }
    const forwarded = http.request({
      host: target.hostname, port: target.port, path: request.url, method: request.method,
      headers: { ...request.headers, host: target.host, 'accept-encoding': 'identity' },
    }, (answer) => {
      if (!/^text\/html/.test(answer.headers['content-type'] ?? '')) {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
        return;
      }
      const chunks = [];
      answer.on('data', (chunk) => chunks.push(chunk));
      answer.on('end', () => {
        const html = withHeadScript(Buffer.concat(chunks).toString('utf8'));
        const headers = { ...answer.headers, 'content-length': String(Buffer.byteLength(html)) };
        delete headers.etag; // The body is not the one the tag names.
        response.writeHead(answer.statusCode ?? 502, headers);
        response.end(html);
      });
    });
    forwarded.on('error', (error) => {
      response.statusCode = 502;
      response.end(`the outside server did not answer: ${error.message}`);
    });
    request.pipe(forwarded);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  return {
    url: `http://127.0.0.1:${port}${target.pathname}${target.search}`,
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
