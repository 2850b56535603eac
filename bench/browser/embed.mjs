// embed.mjs: the load part of `npm run bench` (`--only embed`): a blog post with three scenes (the
// Hugo site of scripts/lib/blog.mjs, light layout: an arm with path=circle, a chain with
// readouts=1, a spider with play=click), pasted once as three iframes and once as three
// <ik2d-scene> elements, each post served with dist/ from one 127.0.0.1 origin the way a static
// host serves it (gzip, ETag, Cache-Control: max-age=600, like GitHub Pages), opened in headless
// Chromium at 1200×4000 (the whole post in view, so every scene loads at once). Measures, never
// asserts.
//
//   node bench/browser/embed.mjs [--quick]
//
// Per round, for each post in turn (the order alternating round by round), a fresh browser
// context (an empty cache: "cold"), then the same post again in that context ("cached"):
// - first frame, ms: from the post's navigation start until each scene's first frame (an iframe's
//   'ik2d:ready' message, an element's `load` event: both sent right after it is drawn), as the
//   host page's performance.now(); the last of the three is the post's time to all three.
// - bytes: what went over the wire (CDP Network encodedDataLength: headers and compressed bodies,
//   nothing for a cache hit), the post and its scenes together; requests, cache hits included.
// - memory (cold only): the proportional set size (PSS, /proc/PID/smaps_rollup) of every process
//   of the browser with the post open and its three first frames drawn, less the same with a
//   blank page open in a fresh context just before; and the JS heap in use in the post's
//   renderer (CDP Performance.getMetrics, after a garbage collection). WebAssembly memories are
//   outside the JS heap: the PSS holds them.
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import sirv from 'sirv';
import { BLOG_ELEMENT_POST, BLOG_EMBEDS, buildBlog } from '../../scripts/lib/blog.mjs';
import { distDir } from '../../scripts/build.mjs';
import { launchBrowser } from '../../tests/browser/harness.mjs';
import { elementSnippet, embedSnippet, embedUrl } from '../../web/src/page/share.js';
import { median } from '../node/numbers.mjs';

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
 * The processes of the Chromium that Playwright launched last: its browser process (started with
 * --remote-debugging-pipe) and every descendant (renderers, GPU, utilities), by pid.
 * @param {Set<number>} before Chromium browser pids that ran before the launch (not ours).
 */
function browserProcesses(before) {
  const pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name)).map(Number);
  /** @type {Map<number, number>} */
  const parent = new Map();
  /** @type {number[]} */
  const roots = [];
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      parent.set(pid, Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
      if (!before.has(pid) && readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('--remote-debugging-pipe')) roots.push(pid);
    } catch { /* Gone meanwhile. */ }
  }
  const ours = new Set(roots);
  let grew = true;
  while (grew) {
    grew = false;
    for (const [pid, ppid] of parent) {
      if (!ours.has(pid) && ours.has(ppid)) {
        ours.add(pid);
        grew = true;
      }
    }
  }
  return ours;
}

/** Chromium browser processes running now (another run's, not to be counted). */
function chromiumRoots() {
  return new Set(readdirSync('/proc').filter((name) => /^\d+$/.test(name)).map(Number).filter((pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('--remote-debugging-pipe');
    } catch {
      return false;
    }
  }));
}

/**
 * The PSS of a set of processes, bytes.
 * @param {Set<number>} pids
 */
function pss(pids) {
  let total = 0;
  for (const pid of pids) {
    try {
      const kb = /^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'));
      if (kb) total += Number(kb[1]) * 1024;
    } catch { /* Gone meanwhile. */ }
  }
  return total;
}

/**
 * Opens a post once in a page and measures it.
 * @param {import('playwright-core').BrowserContext} context
 * @param {string} url
 * @param {{memory?: () => number}} [options] `memory`: the browser's PSS now, to read once the
 *   post's first frames are drawn.
 */
async function measure(context, url, { memory } = {}) {
  const page = await context.newPage();
  const session = await context.newCDPSession(page);
  await session.send('Network.enable');
  /** @type {Map<string, string>} */
  const requests = new Map();
  /** @type {{url: string, bytes: number}[]} */
  const finished = [];
  session.on('Network.requestWillBeSent', (event) => requests.set(event.requestId, event.request.url));
  session.on('Network.loadingFinished', (event) => {
    const request = requests.get(event.requestId);
    if (request) finished.push({ url: request, bytes: event.encodedDataLength });
  });
  await page.goto(url);
  await page.waitForFunction(() => /** @type {any} */ (window).__ready?.length === 3, null, { timeout: 30000 });
  await page.waitForTimeout(300); // Late requests (none expected) would still be counted.
  const ready = await page.evaluate(() => /** @type {any} */ (window).__ready);
  /** @type {{pss: number, heap: number} | undefined} */
  let used;
  if (memory) {
    await session.send('HeapProfiler.collectGarbage');
    await session.send('Performance.enable');
    const { metrics } = await session.send('Performance.getMetrics');
    used = { pss: memory(), heap: metrics.find((metric) => metric.name === 'JSHeapUsedSize')?.value ?? NaN };
  }
  await page.close();
  const wasm = finished.filter((r) => new URL(r.url).pathname.endsWith('.wasm')).map((r) => new URL(r.url).pathname);
  return {
    firstFrames: ready.map((/** @type {{t: number}} */ r) => r.t).sort((a, b) => a - b),
    total: finished.reduce((sum, r) => sum + r.bytes, 0),
    requests: finished.length,
    wasm,
    used,
  };
}

/**
 * Runs the load benchmark and prints markdown tables.
 * @param {{quick?: boolean}} [options]
 */
export async function runEmbedLoad({ quick = false } = {}) {
  const folder = mkdtempSync(path.join(tmpdir(), 'ik2d-bench-blog-'));
  // The server's URL goes into the snippets, so it starts before the blog is built.
  const server = await serve(folder);
  const others = chromiumRoots();
  const browser = await launchBrowser();
  const processes = browserProcesses(others);
  const browserPss = () => pss(browserProcesses(others));
  try {
    if (processes.size === 0) throw new Error('the launched Chromium\'s processes were not found in /proc');
    const queries = BLOG_EMBEDS.map((embed) => [embed.query, 'theme=light', ...Object.entries(embed.page).map(([k, v]) => `${k}=${v}`)].join('&'));
    const iframes = BLOG_EMBEDS.map((embed, i) => embedSnippet({ src: embedUrl(queries[i], server.url), title: `ik2d: ${embed.title}` }));
    const script = new URL('ik2d-element.js', server.url).href;
    const elements = queries.map((query) => elementSnippet({ script, query }));
    const built = buildBlog(folder, { light: iframes, [BLOG_ELEMENT_POST]: elements });
    server.serveBlog(built.public); // Under /blog/, on the scenes' own origin.
    const posts = /** @type {const} */ ({ iframes: `${server.url}blog/${built.paths.light}`, elements: `${server.url}blog/${built.paths[BLOG_ELEMENT_POST]}` });
    const rounds = quick ? 3 : 7;
    /** @typedef {Awaited<ReturnType<typeof measure>>} Run */
    /** @type {Record<keyof typeof posts, {cold: Run[], cached: Run[], blank: number[]}>} */
    const runs = { iframes: { cold: [], cached: [], blank: [] }, elements: { cold: [], cached: [], blank: [] } };
    for (let round = 0; round < rounds; round += 1) {
      const order = /** @type {Array<keyof typeof posts>} */ (round % 2 ? ['elements', 'iframes'] : ['iframes', 'elements']);
      for (const kind of order) {
        // The browser with a blank page, in a fresh context of its own, as the baseline.
        const empty = await browser.newContext();
        const blank = await empty.newPage();
        await blank.goto('about:blank');
        await blank.waitForTimeout(300);
        runs[kind].blank.push(browserPss());
        await empty.close();
        const context = await browser.newContext({ viewport: { width: 1200, height: 4000 } });
        await context.addInitScript(() => {
          /** @type {any} */ (window).__ready = [];
          // An iframe says it has drawn by a message; an element by its `load` event (which does
          // not bubble, and a `load` never reaches the window: caught on the document on its way down).
          addEventListener('message', (event) => {
            if (event.data?.type === 'ik2d:ready') /** @type {any} */ (window).__ready.push({ t: performance.now() });
          });
          document.addEventListener('load', (event) => {
            if (/** @type {Element} */ (event.target).localName === 'ik2d-scene') /** @type {any} */ (window).__ready.push({ t: performance.now() });
          }, true);
        });
        runs[kind].cold.push(await measure(context, posts[kind], { memory: browserPss }));
        runs[kind].cached.push(await measure(context, posts[kind]));
        await context.close();
      }
    }
    const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
    const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
    console.log(`The same post (3 scenes) as iframes and as elements, ${rounds} rounds in alternating order, medians.\n`);
    console.log('| post | load | first scene\'s first frame | all three first frames | bytes transferred | requests (cache hits too) | .wasm fetched |');
    console.log('|---|---|---|---|---|---|---|');
    for (const kind of /** @type {const} */ (['iframes', 'elements'])) {
      for (const load of /** @type {const} */ (['cold', 'cached'])) {
        const r = runs[kind][load];
        console.log(`| ${kind} | ${load} | ${median(r.map((x) => x.firstFrames[0])).toFixed(0)} ms | ${median(r.map((x) => x.firstFrames[2])).toFixed(0)} ms `
          + `| ${kb(median(r.map((x) => x.total)))} | ${median(r.map((x) => x.requests))} | ${median(r.map((x) => x.wasm.length))} |`);
      }
    }
    console.log('\nMemory with the post open, cold (medians):\n');
    console.log('| post | browser PSS above a blank page | JS heap in use |');
    console.log('|---|---|---|');
    for (const kind of /** @type {const} */ (['iframes', 'elements'])) {
      const { cold, blank } = runs[kind];
      console.log(`| ${kind} | ${mb(median(cold.map((x, i) => (x.used?.pss ?? NaN) - blank[i])))} | ${mb(median(cold.map((x) => x.used?.heap ?? NaN)))} |`);
    }
    const ratio = (f) => (median(runs.iframes.cold.map(f)) / median(runs.elements.cold.map(f))).toFixed(2);
    console.log(`\nIframes ÷ elements, cold: all three first frames ${ratio((x) => x.firstFrames[2])}×, bytes ${ratio((x) => x.total)}×, `
      + `memory ${(median(runs.iframes.cold.map((x, i) => (x.used?.pss ?? NaN) - runs.iframes.blank[i])) / median(runs.elements.cold.map((x, i) => (x.used?.pss ?? NaN) - runs.elements.blank[i]))).toFixed(2)}×.`);
  } finally {
    await browser.close();
    await server.close();
    rmSync(folder, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await runEmbedLoad({ quick: process.argv.includes('--quick') });
}
