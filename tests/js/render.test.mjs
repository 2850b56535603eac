// render.test.mjs: `npx ik2d render` (bin/ik2d.mjs, web/src/entries/render-svg.js), run as a user runs it:
// the package's bin in a child process, on the built dist/. Each scene's link gives a well-formed
// SVG of the asked size with the scene's drawn parts and the theme's colours (styles/tokens.css);
// the same link written as a URL, a query or a query without "?" gives the same bytes; a bad link
// gives the page's notices on stderr and exit code 1; a bad width, format or option exit code 2;
// nothing a link holds reaches the SVG unescaped, and no error prints a stack trace. The browser's
// exportImage('svg') giving these very bytes is tests/browser/render.test.mjs'.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { before, test } from 'node:test';
import { chain } from '../../web/src/scenes/chain/scene.js';
import { createSvgContext } from '../../web/src/draw/svg-context.js';
import { fontSizeAndWeight, textWidth } from '../../web/src/draw/text-metrics.js';
import { distDir, repoRoot } from './support.mjs';

const BIN = path.join(repoRoot, 'bin', 'ik2d.mjs');

/**
 * Runs the bin with `args`; resolves with its exit code, stdout and stderr (never rejects).
 * @param {string[]} args
 * @returns {Promise<{code: number, stdout: string, stderr: string}>}
 */
export function runBin(args) {
  return new Promise((resolve) => {
    execFile(process.execPath, [BIN, ...args], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
    });
  });
}

/**
 * Checks that `xml` is well-formed as far as an SVG export goes (elements nest and close, attribute
 * values are quoted and hold no "<", text holds no raw "<" or stray "&"), and returns its elements'
 * start tags in order, with their attributes.
 * @param {string} xml
 * @returns {Array<{name: string, attributes: Record<string, string>, text: string}>}
 */
function parseSvg(xml) {
  const body = xml.replace(/^<\?xml version="1\.0" encoding="UTF-8"\?>\n/, '');
  assert.notEqual(body, xml, 'the XML declaration comes first');
  const token = /<(\/?)([A-Za-z][\w:-]*)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>|([^<]+)/gy;
  /** @type {string[]} */
  const open = [];
  /** @type {Array<{name: string, attributes: Record<string, string>, text: string}>} */
  const elements = [];
  let at = 0;
  while (at < body.length) {
    token.lastIndex = at;
    const match = token.exec(body);
    assert.ok(match, `well-formed at ${at}: ${JSON.stringify(body.slice(at, at + 80))}`);
    at = token.lastIndex;
    const [, closing, name, attributeText, selfClosing, text] = match;
    if (text !== undefined) {
      assert.doesNotMatch(text, /&(?!(?:amp|lt|gt|quot|apos|#\d+);)/, `an escaped text: ${JSON.stringify(text)}`);
      if (elements.length) elements[elements.length - 1].text += text.trim();
      continue;
    }
    if (closing) {
      assert.equal(open.pop(), name, `</${name}> closes the element open`);
      continue;
    }
    const attributes = Object.fromEntries([...attributeText.matchAll(/([\w:-]+)="([^"]*)"/g)].map(([, key, value]) => [key, value]));
    elements.push({ name, attributes, text: '' });
    if (!selfClosing) open.push(name);
  }
  assert.deepEqual(open, [], 'every element is closed');
  assert.equal(elements[0]?.name, 'svg', 'the root is <svg>');
  return elements;
}

/**
 * The light and dark canvas tokens of styles/tokens.css (the colours' one source), each
 * `var(--ik2d-…, value)` as its value (what a page that sets no --ik2d-* property computes).
 */
function canvasTokens() {
  const css = readFileSync(path.join(repoRoot, 'web', 'styles', 'tokens.css'), 'utf8');
  /** @param {string} selector */
  const block = (selector) => {
    const start = css.indexOf(`${selector} {`);
    assert.ok(start >= 0, `tokens.css has a ${selector} block`);
    return new Map([...css.slice(start, css.indexOf('\n}', start)).matchAll(/^\s*(--[\w-]+):\s*([^;]+);/gm)]
      .map(([, k, v]) => [k, v.trim().replace(/^var\(--ik2d-[\w-]+, (.*)\)$/, '$1')]));
  };
  const light = block(':root,\n.frame');
  return { light, dark: new Map([...light, ...block(':root[data-theme="dark"],\n.frame[data-theme="dark"]')]) };
}

/** @param {ReturnType<typeof parseSvg>} elements @param {string} part */
const partCount = (elements, part) => elements.filter((e) => e.name === 'g' && e.attributes['data-part'] === part).length;

before(() => {
  assert.ok(existsSync(path.join(distDir, 'node', 'ik2d-render.js')), 'dist/node/ik2d-render.js is built (npm run build)');
});

/** Each scene's link and what its drawing must hold. */
const SCENES = [
  { link: 'scene=arm', parts: { bone: 2, target: 1 } },
  // The chain's default rig: one drawn bone per bone.
  { link: 'scene=chain&overlay=1', parts: { bone: /** @type {number} */ (chain.params.find((p) => p.name === 'bones')?.default), target: 1 } },
  { link: 'scene=chain&bones=9', parts: { bone: 9, target: 1 } },
  // The puppet's skeleton: 22 bones drawn (the figure's 15 and the ponytail's and tail's 7), five effectors.
  { link: 'scene=puppet', parts: { bone: 22, target: 5 } },
  { link: 'scene=spider', fills: ['--canvas-ground', '--canvas-body'] },
  { link: 'scene=creature', parts: { target: 1 }, fills: ['--canvas-creature-skin'] },
  { link: 'scene=rope', parts: { anchor: 1, rope: 1, target: 1 } },
];

for (const { link, parts = {}, fills = [] } of SCENES) {
  test(`render "${link}": a well-formed SVG of 480 × 360 with the scene's drawing`, async () => {
    const { code, stdout, stderr } = await runBin(['render', link, '--format', 'svg', '--width', '480']);
    assert.equal(stderr, '');
    assert.equal(code, 0);
    const elements = parseSvg(stdout);
    assert.deepEqual(elements[0].attributes, { xmlns: 'http://www.w3.org/2000/svg', width: '480', height: '360', viewBox: '0 0 480 360' });
    const { light } = canvasTokens();
    assert.deepEqual(elements[1], { name: 'rect', attributes: { x: '0', y: '0', width: '480', height: '360', fill: light.get('--canvas-background') }, text: '' },
      'the light background fills it first');
    for (const [part, count] of Object.entries(parts)) assert.equal(partCount(elements, part), count, `${count} × data-part="${part}"`);
    for (const token of fills) {
      assert.ok(elements.some((e) => e.attributes.fill === light.get(token)), `something is filled with ${token}`);
    }
    assert.ok(elements.filter((e) => e.name === 'path').length >= 5, 'drawn as paths');
    if (!link.includes('spider')) assert.deepEqual(elements.filter((e) => e.name === 'text' && /^\+[xy]$/.test(e.text)).map((e) => e.text), ['+x', '+y'], 'the axes are named');
    assert.equal(elements.filter((e) => ['script', 'foreignObject', 'image'].includes(e.name)).length, 0, 'paths and text only');
  });
}

test('a URL, a query with "?" and one without give the same bytes, every time', async () => {
  const query = 'v=1&scene=chain&method=fabrik&bones=7&target=120,80&overlay=1';
  const runs = await Promise.all([`https://example.org/ik2d/?${query}#top`, `embed.html?${query}`, `?${query}`, query, query]
    .map((link) => runBin(['render', link, '--width', '400'])));
  for (const run of runs) assert.equal(run.code, 0, run.stderr);
  assert.ok(runs.every((run) => run.stdout === runs[0].stdout), 'the same SVG');
  assert.match(runs[0].stdout, /width="400" height="300"/);
});

test('width: the default is 640 × 480; the height is 3/4 of the width, whole pixels', async () => {
  const plain = await runBin(['render', 'scene=arm']);
  assert.match(plain.stdout, /<svg [^>]*width="640" height="480" viewBox="0 0 640 480">/);
  const odd = await runBin(['render', 'scene=arm', '--width=333']);
  assert.match(odd.stdout, /<svg [^>]*width="333" height="250" viewBox="0 0 333 250">/);
  assert.notEqual(plain.stdout, (await runBin(['render', 'scene=arm', '--width', '320'])).stdout.replace(/320/g, '640'),
    'a smaller figure is drawn again at its size, not just relabelled');
});

test('theme=dark draws the dark tokens; transparent=1 leaves the background out', async () => {
  const { dark } = canvasTokens();
  const night = parseSvg((await runBin(['render', 'scene=arm&theme=dark'])).stdout);
  assert.equal(night[1].attributes.fill, dark.get('--canvas-background'));
  assert.ok(night.some((e) => e.attributes.stroke === dark.get('--canvas-grid')), 'the dark grid');
  const clear = parseSvg((await runBin(['render', 'scene=arm&transparent=1'])).stdout);
  assert.notEqual(clear[1].name, 'rect', 'no background rectangle');
  assert.equal(clear[1].attributes.stroke, canvasTokens().light.get('--canvas-grid'), 'the grid comes first');
});

test('a bad link: the page\'s notices on stderr, exit code 1, nothing on stdout', async () => {
  const { code, stdout, stderr } = await runBin(['render', 'scene=arm&target=far&length1=99999&bones=3&theme=purple']);
  assert.equal(code, 1);
  assert.equal(stdout, '');
  // The page's own words (link.js, page-params.js, settings.js), in the page's order.
  assert.equal(stderr, [
    'ik2d render: the link has problems:',
    '  Ignored target=far: expected two finite numbers "x,y"',
    '  Ignored bones=3: arm has no setting "bones"',
    '  Ignored theme=purple: must be one of auto, light, dark',
    '  Clamped length1=99999 to 250 (allowed 10 to 250)',
    '',
  ].join('\n'));
  const unknown = await runBin(['render', 'scene=teapot']);
  assert.equal(unknown.code, 1);
  assert.match(unknown.stderr, /Ignored scene=teapot: unknown scene \(available: arm, chain, spider, stress, puppet, creature, rope\); showing arm/);
  const long = await runBin(['render', `scene=arm&x=${'1'.repeat(5000)}`]);
  assert.equal(long.code, 1);
  assert.match(long.stderr, /Ignored the whole link: its query is \d+ characters long, more than the 4096 a link may have/);
  const notLink = await runBin(['render', 'javascript:alert(1)//?scene=chain']);
  assert.equal(notLink.code, 1);
  assert.match(notLink.stderr, /^ik2d render: javascript:alert\(1\)\/\/\?scene=chain is not a link \(expected a URL such as https:\/\/example\.org\/\?scene=arm, or its query\)\n$/);
  for (const run of [unknown, long, notLink]) assert.doesNotMatch(run.stderr, /\n\s+at /, 'no stack trace');
});

test('hostile link text: plain text on stderr, never in the SVG', async () => {
  const hostile = '<svg onload=alert(1)>';
  const { code, stdout, stderr } = await runBin(['render', `scene=arm&target=${encodeURIComponent(hostile)}&${encodeURIComponent('</text><script>')}=1`]);
  assert.equal(code, 1);
  assert.equal(stdout, '');
  assert.match(stderr, /Ignored target=<svg onload=alert\(1\)>: expected two finite numbers "x,y"/);
  assert.match(stderr, /Ignored <\/text><script>=1: arm has no setting "<\/text><script>"/);
  // The recorder escapes whatever text it draws, and the font it is drawn in.
  const svg = createSvgContext(100, 50);
  svg.context.font = '600 12px "A & <B>", sans-serif';
  svg.context.fillText('</text><script>alert(1)</script> & "q" \u0001', 10, 20);
  const elements = parseSvg(svg.toString());
  assert.equal(elements.filter((e) => e.name === 'script').length, 0);
  assert.equal(elements[1].text, '&lt;/text&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;q&quot;', 'the control character left out');
  assert.equal(elements[1].attributes['font-family'], '&quot;A &amp; &lt;B&gt;&quot;, sans-serif');
});

test('bad widths, formats and options: exit code 2 with a message naming them', async () => {
  for (const [args, message] of [
    [['--width', 'abc'], /--width expects a whole number of pixels from 32 to 4096, got abc/],
    [['--width', '31'], /--width expects a whole number of pixels from 32 to 4096, got 31/],
    [['--width', '4097'], /--width expects a whole number of pixels from 32 to 4096, got 4097/],
    [['--width', '12.5'], /--width expects a whole number of pixels from 32 to 4096, got 12\.5/],
    [['--width'], /--width needs a value/],
    [['--format', 'png'], /--format expects svg, got "png"/],
    [['--format=gif'], /--format expects svg, got "gif"/],
    [['--scale', '2'], /unknown option --scale/],
    [['scene=chain'], /one link at a time, got 2/],
  ]) {
    const run = await runBin(['render', 'scene=arm', ...args]);
    assert.equal(run.code, 2, `${args.join(' ')}: exit code 2`);
    assert.equal(run.stdout, '');
    assert.match(run.stderr, message);
    assert.match(run.stderr, /^Usage: ik2d render /m);
    assert.doesNotMatch(run.stderr, /\n\s+at /, 'no stack trace');
  }
  const none = await runBin(['render']);
  assert.equal(none.code, 2);
  assert.match(none.stderr, /a link is needed/);
  assert.equal((await runBin(['draw', 'scene=arm'])).code, 2);
  const help = await runBin(['render', '--help']);
  assert.equal(help.code, 0);
  assert.match(help.stdout, /^Usage: ik2d render "<link or its query>" \[--format svg\] \[--width W\] > figure\.svg/);
  assert.equal(help.stderr, '');
});

test('text widths: one table, the same numbers everywhere, scaled by the font\'s size and weight', () => {
  assert.deepEqual(fontSizeAndWeight('600 13px system-ui, sans-serif'), { size: 13, bold: true });
  assert.deepEqual(fontSizeAndWeight('italic bold 9.5px serif'), { size: 9.5, bold: true });
  assert.deepEqual(fontSizeAndWeight('12px "Segoe UI"'), { size: 12, bold: false });
  assert.deepEqual(fontSizeAndWeight('small-caps 2em x'), { size: 10, bold: false }, 'unreadable: the canvas default, 10px');
  const regular = textWidth('α = 34.2°', '10px sans-serif');
  assert.ok(regular > 30 && regular < 60, `${regular} px: about half an em a character`);
  assert.equal(textWidth('α = 34.2°', '20px sans-serif'), 2 * regular, 'twice the size, twice the width');
  assert.ok(textWidth('Reach', '600 10px x') > textWidth('Reach', '10px x'), 'bold is wider');
  assert.equal(textWidth('', '10px x'), 0);
  assert.equal(textWidth('e\u0301', '10px x'), textWidth('e', '10px x'), 'a combining mark takes no room');
  assert.equal(textWidth('漢字', '10px x'), 20, 'a wide character takes an em');
  const svg = createSvgContext(10, 10);
  svg.context.font = '600 13px system-ui';
  assert.equal(svg.context.measureText('joint 3').width, textWidth('joint 3', '600 13px system-ui'), 'the SVG recorder measures with the table');
});
