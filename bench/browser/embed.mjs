// embed.mjs: the load part of `npm run bench` (`--only embed`): a blog post with three embeds (the
// Hugo site of scripts/lib/blog.mjs, light layout: an arm with path=circle, a chain with
// readouts=1, a spider with play=click), served with dist/ from one 127.0.0.1 origin the way a
// static host serves it (gzip, ETag, Cache-Control: max-age=600, like GitHub Pages), opened in headless
// Chromium at 1200×4000 (the whole post in view, so every embed loads at once). Measures, never
// asserts.
//
//   node bench/browser/embed.mjs [--quick]
//
// Per round, a fresh browser context (an empty cache: "cold"), then the same post again in that
// context ("cached"):
// - first frame, ms: from the post's navigation start until each embed's 'ik2d:ready' message
//   (sent right after its first frame is drawn), as the host page's performance.now(); the last
//   of the three is the post's time to all three first frames.
// - bytes: what went over the wire (CDP Network encodedDataLength: headers and compressed bodies,
//   nothing for a cache hit), the post and the three embeds together; and how many JS and WASM
//   files each embed loads.
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import sirv from 'sirv';
import { BLOG_EMBEDS, buildBlog } from '../../scripts/lib/blog.mjs';
import { distDir } from '../../scripts/build.mjs';
import { launchBrowser } from '../../tests/browser/harness.mjs';
import { embedSnippet, embedUrl } from '../../web/src/share.js';

/** What a static host sends: gzip (files compressed ahead, as served), an ETag, ten minutes of max-age. */
const CACHING = { etag: true, maxAge: 600, gzip: true };

/**
 * Writes file.gz beside every text and WASM file under a folder (sirv serves those to browsers
 * that accept gzip).
 * @param {string} folder
 */
function precompress(folder) {
  for (const name of readdirSync(folder)) {
    const file = path.join(folder, name);
    if (statSync(file).isDirectory()) precompress(file);
    else if (/\.(html|css|js|mjs|wasm|svg|json)$/.test(name)) writeFileSync(`${file}.gz`, gzipSync(readFileSync(file), { level: 9 }));
  }
}

/**
 * Serves a gzipped copy of dist/ at / and, once it is built, the blog at /blog/ (serveBlog()).
 * @param {string} scratch A folder for the copy.
 */
async function serve(scratch) {
  const site = path.join(scratch, 'dist');
  cpSync(distDir, site, { recursive: true });
  precompress(site);
  const files = sirv(site, CACHING);
  /** @type {ReturnType<typeof sirv> | null} */
  let posts = null;
  const server = http.createServer((request, response) => {
    const notFound = () => {
      response.statusCode = 404;
      response.end();
    };
    if (request.url?.startsWith('/blog/') && posts) {
      request.url = request.url.slice('/blog'.length);
      posts(request, response, notFound);
    } else {
      files(request, response, notFound);
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  return {
    url: `http://127.0.0.1:${port}/`,
    /** @param {string} folder */
    serveBlog(folder) {
      precompress(folder);
      posts = sirv(folder, CACHING);
    },
    close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(resolve); }) };
}

/**
 * Opens the post once in a page and measures it.
 * @param {import('playwright-core').BrowserContext} context
 * @param {string} url
 */
async function measure(context, url) {
  const page = await context.newPage();
  const session = await context.newCDPSession(page);
  await session.send('Network.enable');
  /** @type {Map<string, {url: string, frame: string}>} */
  const requests = new Map();
  /** @type {{url: string, frame: string, bytes: number}[]} */
  const finished = [];
  session.on('Network.requestWillBeSent', (event) => requests.set(event.requestId, { url: event.request.url, frame: event.frameId ?? '' }));
  session.on('Network.loadingFinished', (event) => {
    const request = requests.get(event.requestId);
    if (request) finished.push({ ...request, bytes: event.encodedDataLength });
  });
  await page.goto(url);
  await page.waitForFunction(() => /** @type {any} */ (window).__ready?.length === 3, null, { timeout: 30000 });
  await page.waitForTimeout(300); // Late requests (none expected) would still be counted.
  const ready = await page.evaluate(() => /** @type {any} */ (window).__ready);
  await page.close();
  const total = finished.reduce((sum, r) => sum + r.bytes, 0);
  // The JS and WASM each embed (a frame of its own) asked for, by scene.
  const code = finished.filter((r) => /\.(js|wasm)$/.test(new URL(r.url).pathname) && !r.url.includes('/blog/'));
  /** @type {Record<string, {files: number}>} */
  const perEmbed = {};
  for (const frame of new Set(code.map((r) => r.frame))) {
    const own = code.filter((r) => r.frame === frame);
    const scene = own.map((r) => /scenes\/(arm|chain|spider|stress)\.js/.exec(r.url)?.[1]).find(Boolean) ?? '?';
    perEmbed[scene] = { files: own.length };
  }
  return {
    firstFrames: ready.map((/** @type {{t: number}} */ r) => r.t).sort((a, b) => a - b),
    total,
    requests: finished.length,
    perEmbed,
  };
}

/** @param {number[]} values */
function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/**
 * Runs the load benchmark and prints a markdown table.
 * @param {{quick?: boolean}} [options]
 */
export async function runEmbedLoad({ quick = false } = {}) {
  const folder = mkdtempSync(path.join(tmpdir(), 'ik2d-bench-blog-'));
  // The server's URL goes into the snippets, so it starts before the blog is built.
  const server = await serve(folder);
  const browser = await launchBrowser();
  try {
    const snippets = BLOG_EMBEDS.map((embed) => {
      const query = [embed.query, 'theme=light', ...Object.entries(embed.page).map(([k, v]) => `${k}=${v}`)].join('&');
      return embedSnippet({ src: embedUrl(query, server.url), title: `ik2d: ${embed.title}` });
    });
    const built = buildBlog(folder, { light: snippets, dark: snippets });
    server.serveBlog(built.public); // Under /blog/, on the embeds' own origin.
    const postUrl = `${server.url}blog/${built.paths.light}`;
    const rounds = quick ? 3 : 7;
    /** @type {Record<'cold' | 'cached', Awaited<ReturnType<typeof measure>>[]>} */
    const runs = { cold: [], cached: [] };
    for (let round = 0; round < rounds; round += 1) {
      const context = await browser.newContext({ viewport: { width: 1200, height: 4000 } });
      await context.addInitScript(() => {
        /** @type {any} */ (window).__ready = [];
        addEventListener('message', (event) => {
          if (event.data?.type === 'ik2d:ready') /** @type {any} */ (window).__ready.push({ t: performance.now() });
        });
      });
      runs.cold.push(await measure(context, postUrl));
      runs.cached.push(await measure(context, postUrl));
      await context.close();
    }
    const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
    console.log(`Post: ${postUrl.replace(server.url, '/')} (3 embeds), ${rounds} rounds, medians.\n`);
    console.log('| load | first embed\'s first frame | all three first frames | bytes transferred | requests (cache hits too) |');
    console.log('|---|---|---|---|---|');
    for (const kind of /** @type {const} */ (['cold', 'cached'])) {
      const r = runs[kind];
      console.log(`| ${kind} | ${median(r.map((x) => x.firstFrames[0])).toFixed(0)} ms | ${median(r.map((x) => x.firstFrames[2])).toFixed(0)} ms `
        + `| ${kb(median(r.map((x) => x.total)))} | ${median(r.map((x) => x.requests))} |`);
    }
    // Bytes per embed are not told apart: the three load at once and share the cache, so whichever
    // asks first for a shared file (ik2d.wasm) pays for it.
    console.log('\nJS and WASM files each embed loads (its scene\'s modules only):\n');
    console.log('| embed | files |');
    console.log('|---|---|');
    for (const scene of Object.keys(runs.cold[0].perEmbed).sort()) {
      const rows = runs.cold.map((x) => x.perEmbed[scene]).filter(Boolean);
      console.log(`| ${scene} | ${median(rows.map((x) => x.files))} |`);
    }
  } finally {
    await browser.close();
    await server.close();
    rmSync(folder, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await runEmbedLoad({ quick: process.argv.includes('--quick') });
}
