// render.test.mjs: `npx ik2d render` draws what the page exports. For each link, the embed view
// opened on it (paused, so its time stays at the link's first frame) at W × 3W/4 CSS pixels gives
// playground.exportImage('svg'), and the package's bin, run on the same link with --width W in
// Node, gives the very same bytes; the SVG parses in the browser. In Chromium, Firefox and WebKit
// (the text layout and the colours come from the page's CSS there); a bad link's notices, the same
// words on the bin's stderr as in the page's notice list, once (the page's own JS).
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { assertNoProblems, forEachEngine } from './engines/index.mjs';
import { shownNotices } from './engines/calls.mjs';
import { withDeepQuery } from './engines/page.mjs';

const BIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'bin', 'ik2d.mjs');

/**
 * Runs `ik2d render` in Node.
 * @param {string[]} args
 * @returns {Promise<{code: number, stdout: string, stderr: string}>}
 */
function render(args) {
  return new Promise((resolve) => {
    execFile(process.execPath, [BIN, 'render', ...args], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
    });
  });
}

/**
 * The first line where two texts differ, for a readable failure.
 * @param {string} actual
 * @param {string} expected
 */
function firstDifference(actual, expected) {
  const a = actual.split('\n');
  const b = expected.split('\n');
  const at = a.findIndex((line, i) => line !== b[i]);
  const line = at < 0 ? Math.min(a.length, b.length) : at;
  return `line ${line + 1} of ${a.length} (bin: ${b.length}):\n  page: ${a[line]?.slice(0, 400)}\n  bin:  ${b[line]?.slice(0, 400)}`;
}

/** Links and widths: every scene the bin is for, the overlays' text, the dark theme. */
const CASES = [
  { query: 'v=1&scene=arm&length1=130&target=110,60&root=-30,-40&overlay=1', width: 640 },
  { query: 'v=1&scene=chain&method=fabrik&bones=8&limits=1&overlay=1&target=-40,140', width: 480 },
  { query: 'v=1&scene=puppet&rightHand=70,62&leftFoot=-45,-62&overlay=1', width: 640 },
  { query: 'v=1&scene=spider&theme=dark', width: 480 },
  { query: 'v=1&scene=creature&kind=lizard&overlay=1&target=160,-20', width: 640 },
  { query: 'v=1&scene=rope&overlay=1', width: 480 },
];

forEachEngine({ title: 'render' }, ({ test }) => {
  for (const { query, width } of CASES) {
    const height = (width * 3) / 4;
    test(`${query.replace(/^v=1&/, '')} at ${width} × ${height}: exportImage('svg') is the bin's SVG, byte for byte`, async ({ engine, url }) => {
      const link = `${url}embed.html?${query}&play=paused`;
      const [page, bin] = await Promise.all([engine.openPage(link, { viewport: { width, height } }), render([link, '--format', 'svg', '--width', String(width)])]);
      assert.equal(bin.code, 0, bin.stderr);
      const exported = await page.evaluate(withDeepQuery(async () => {
        const svg = await (await window.playground.exportImage('svg')).text();
        const doc = new DOMParser().parseFromString(svg, 'image/svg+xml');
        const rect = deepQuery('#view')?.getBoundingClientRect();
        return { svg, error: doc.querySelector('parsererror')?.textContent ?? null, canvas: [rect?.width, rect?.height], time: window.playground.getState().time };
      }));
      assert.deepEqual(exported.canvas, [width, height], 'the canvas is the size asked for');
      assert.equal(exported.time, 0, 'the link\'s first frame');
      assert.equal(exported.error, null, 'the SVG parses');
      assert.ok(exported.svg === bin.stdout, `the page's SVG and the bin's differ at ${firstDifference(exported.svg, bin.stdout)}`);
      await assertNoProblems(page);
      await page.close();
    });
  }

  test('a bad link: the bin prints the notices the page lists, and draws nothing', { once: 'the notices are the page\'s own JS (link.js, settings.js)' }, async ({ engine, url }) => {
    const query = 'scene=chain&bones=99&method=newton&target=1,2,3&teapot=1&theme=purple';
    const page = await engine.openPage(`${url}embed.html?${query}`, { viewport: { width: 640, height: 480 } });
    const notices = await shownNotices(page);
    const bin = await render([query]);
    assert.equal(bin.code, 1);
    assert.equal(bin.stdout, '');
    assert.ok(notices.length >= 4, notices.join('\n'));
    assert.deepEqual(bin.stderr.split('\n').slice(1, -1).map((line) => line.trim()), notices, 'the same notices, in the same order');
    await page.close();
  });
});
