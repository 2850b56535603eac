// page-safety.test.mjs: static checks of web/ that back the page's security promises: no HTML
// built from strings, no eval, no inline script or handler, a strict Content-Security-Policy, and
// nothing fetched from another origin.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { withPartials } from '../../scripts/build.mjs';
import { repoRoot } from './support.mjs';

const webDir = path.join(repoRoot, 'web');
const files = (folder) => readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
  const full = path.join(folder, entry.name);
  return entry.isDirectory() ? files(full) : [full];
});
const scripts = files(webDir).filter((file) => file.endsWith('.js'));
const html = files(webDir).filter((file) => file.endsWith('.html'));

/** The policy docs/playground.md says <ik2d-scene> runs under (web/examples/element.html has it). */
const ELEMENT_POLICY = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'";
/** The element's example host pages (the second with the author's pictures on the bones). */
const ELEMENT_HOSTS = ['element.html', 'explainer.html', 'bone-art.html'].map((page) => path.join('web', 'examples', page));

test('no page script builds HTML from strings or evaluates code', () => {
  assert.ok(scripts.length > 5, 'found the page scripts');
  const forbidden = [/\.innerHTML\s*=/, /\.outerHTML\s*=/, /insertAdjacentHTML/, /document\.write/, /\beval\s*\(/,
    /new\s+Function\s*\(/, /set(?:Timeout|Interval)\s*\(\s*['"`]/, /createContextualFragment/, /DOMParser/];
  for (const file of scripts) {
    const source = readFileSync(file, 'utf8');
    for (const pattern of forbidden) assert.doesNotMatch(source, pattern, `${path.relative(repoRoot, file)} uses ${pattern}`);
  }
});

test('every page has a strict CSP, no inline script and no inline handlers', () => {
  assert.ok(html.length >= 1);
  for (const file of html) {
    const name = path.relative(repoRoot, file);
    // A partial (web/partials/) is markup the build writes into the pages: their CSP covers it. A
    // page is read as the build writes it, its partials in.
    const partial = name.startsWith(path.join('web', 'partials'));
    const source = partial ? readFileSync(file, 'utf8') : withPartials(readFileSync(file, 'utf8'), path.join(webDir, 'partials'));
    if (!partial) {
      const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(source);
      assert.ok(csp, `${name} has a CSP meta tag`);
      const policy = csp[1];
      assert.match(policy, /default-src 'self'/);
      assert.match(policy, /script-src 'self' 'wasm-unsafe-eval'(;|$)/, `${name}: scripts only from the page's origin`);
      assert.doesNotMatch(policy, /'unsafe-inline'|'unsafe-eval'|\*|https?:/, `${name}: nothing loose in the CSP`);
      if (ELEMENT_HOSTS.includes(name)) {
        // The element's host pages have exactly the policy its docs promise it runs under.
        assert.equal(policy, ELEMENT_POLICY, `${name}: the documented policy`);
      } else {
        assert.match(policy, /object-src 'none'/);
        assert.match(policy, /base-uri 'none'/);
      }
    }
    for (const [, attributes, body] of source.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)) {
      assert.match(attributes, /\ssrc="/, `${name}: every script has a src`);
      assert.equal(body.trim(), '', `${name}: no inline script`);
    }
    assert.doesNotMatch(source, /\son[a-z]+\s*=/i, `${name}: no inline event handlers`);
    assert.doesNotMatch(source, /\sstyle\s*=/i, `${name}: no inline styles`);
    for (const [, url] of source.matchAll(/(?:src|href)="([^"]+)"/g)) {
      assert.ok(!/^(?:[a-z]+:)?\/\//i.test(url), `${name}: ${url} is same-origin`);
    }
  }
});
