// blog.mjs: a small real blog built with Hugo (Debian's hugo package), for the browser tests
// (tests/browser/blog.test.mjs) and the load benchmark (bench/browser/embed.mjs). One Markdown
// post pastes the Copy embed code snippet three times (an arm, a chain, a spider), the way a blog
// author would: iframes with a light layout and with a dark one, and (BLOG_ELEMENT_POST) the
// <ik2d-scene> element with the light layout. Raw HTML in Markdown needs Hugo's
// markup.goldmark.renderer.unsafe = true (CONFIG).
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The scenes the post embeds and the link settings each is copied with (besides the theme).
 * @type {{id: string, title: string, query: string, page: Record<string, string>}[]}
 */
export const BLOG_EMBEDS = [
  { id: 'arm', title: 'Two-bone arm', query: 'v=1&scene=arm&path=circle', page: {} },
  { id: 'chain', title: 'Chain (CCD / FABRIK)', query: 'v=1&scene=chain', page: { readouts: '1' } },
  { id: 'spider', title: 'Spider on terrain', query: 'v=1&scene=spider', page: { play: 'click' } },
];

/** The two layouts: a light blog, and a dark one with transparent embeds. */
export const BLOG_LAYOUTS = /** @type {const} */ (['light', 'dark']);

/** The post that pastes the element snippets (with the light layout), beside the iframe posts. */
export const BLOG_ELEMENT_POST = 'elements';

/**
 * A picture the site serves (Hugo's static/ folder, at the site's root): a flat magenta bar
 * (web/examples/bone-magenta.png) an author can put on a bone of an element
 * (`<img data-bone="0" src="../../upper-arm.png">` in a post).
 */
export const BLOG_PICTURE = 'upper-arm.png';

const CONFIG = `baseURL = "/"
relativeURLs = true
disableKinds = ["taxonomy", "term", "RSS", "sitemap", "home", "section"]
title = "A tutorial blog"
[markup.goldmark.renderer]
  unsafe = true   # raw HTML in Markdown: how a blog author pastes an <iframe> or <ik2d-scene>
`;

/** A post layout; `dark` also declares color-scheme: dark, as a dark site should. */
function layout(dark) {
  const colours = dark
    ? 'color-scheme: dark; background: #101418; color: #e8eaed; } a { color: #8ab4f8;'
    : 'background: #ffffff; color: #202124; } a { color: #1a0dab;';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{ .Title }}</title>
<link rel="icon" href="data:,">
<style>
body { margin: 0; font: 18px/1.6 Georgia, serif; ${colours} }
main { max-width: 640px; margin: 0 auto; padding: 1rem 0 110vh; } /* Room to scroll every embed away. */
main > :not(iframe, ik2d-scene) { margin-left: 1rem; margin-right: 1rem; }
iframe, ik2d-scene { margin: 1.5rem 0; }
</style>
</head>
<body>
<main>
<h1>{{ .Title }}</h1>
{{ .Content }}
</main>
</body>
</html>
`;
}

/**
 * The post's Markdown: a tutorial's text with the three snippets pasted between paragraphs.
 * @param {string} title
 * @param {string} layoutName
 * @param {string[]} snippets In BLOG_EMBEDS order.
 */
function post(title, layoutName, snippets) {
  const words = 'Inverse kinematics finds the joint angles that put the end of a limb where you want it. ';
  const paragraph = (n) => Array.from({ length: n }, () => words).join('');
  return `---
title: "${title}"
layout: "${layoutName}"
---

${paragraph(4)}

## Two bones

${paragraph(3)}

${snippets[0]}

${paragraph(5)}

## A chain

${paragraph(3)}

${snippets[1]}

${paragraph(5)}

## A spider

${paragraph(3)}

${snippets[2]}

${paragraph(6)}
`;
}

/** The explainer post's path in the built blog (buildBlog's `explainer`). */
export const BLOG_EXPLAINER_POST = 'explainer';

/**
 * The explainer (web/examples/explainer.html) as a Hugo post: its article as raw HTML in the
 * Markdown (one HTML block: no blank lines, no indentation Markdown would read as code), its
 * script and stylesheets from where the ik2d files are served, in a layout of its own.
 * @param {string} site The ik2d files' address (dist/), ending in "/".
 * @returns {{markdown: string, layout: string}}
 */
function explainerPost(site) {
  const html = readFileSync(path.join(repoRoot, 'web', 'examples', 'explainer.html'), 'utf8');
  const main = /<main class="post">([\s\S]*)<\/main>/.exec(html)?.[1];
  const title = /<title>([^<]*)<\/title>/.exec(html)?.[1];
  if (!main || !title) throw new Error('web/examples/explainer.html: no <main class="post"> or <title>');
  const body = main.replace(/<!--[\s\S]*?-->/g, '').split('\n').map((line) => line.trim()).filter(Boolean).join('\n');
  const markdown = `---\ntitle: "${title.replace(/"/g, '\\"')}"\nlayout: "explainer"\n---\n\n<script type="module" src="${site}ik2d-element.js"></script>\n${body}\n`;
  const layout = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>{{ .Title }}</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${site}examples/post.css">
<link rel="stylesheet" href="${site}examples/story.css">
</head>
<body>
<main class="post">
{{ .Content }}
</main>
</body>
</html>
`;
  return { markdown, layout };
}

/**
 * Writes the site and builds it with Hugo.
 * @param {string} folder An empty folder; the site goes to folder/site, the built pages to folder/public.
 * @param {Record<string, string[]>} snippets Per post (each of BLOG_LAYOUTS, and BLOG_ELEMENT_POST
 *   if given), the three snippets in BLOG_EMBEDS order.
 * @param {{site: string}} [explainer] Also the explainer post (BLOG_EXPLAINER_POST), its script
 *   and stylesheets from `site`, the ik2d files' address.
 * @returns {{public: string, paths: Record<string, string>}} The built site's folder and each
 *   post's path in it (e.g. "posts/light/").
 */
export function buildBlog(folder, snippets, explainer) {
  const site = path.join(folder, 'site');
  const output = path.join(folder, 'public');
  mkdirSync(path.join(site, 'content', 'posts'), { recursive: true });
  mkdirSync(path.join(site, 'layouts', '_default'), { recursive: true });
  writeFileSync(path.join(site, 'config.toml'), CONFIG);
  mkdirSync(path.join(site, 'static'), { recursive: true });
  copyFileSync(path.join(repoRoot, 'web', 'examples', 'bone-magenta.png'), path.join(site, 'static', BLOG_PICTURE));
  for (const name of BLOG_LAYOUTS) writeFileSync(path.join(site, 'layouts', '_default', `${name}.html`), layout(name === 'dark'));
  /** @type {Record<string, string>} */
  const paths = {};
  for (const [name, pasted] of Object.entries(snippets)) {
    const layoutName = name === BLOG_ELEMENT_POST ? 'light' : name;
    const title = name === BLOG_ELEMENT_POST ? 'Three scenes as elements' : `Three scenes, ${name}`;
    writeFileSync(path.join(site, 'content', 'posts', `${name}.md`), post(title, layoutName, pasted));
    paths[name] = `posts/${name}/`;
  }
  if (explainer) {
    const { markdown, layout: page } = explainerPost(explainer.site);
    writeFileSync(path.join(site, 'layouts', '_default', 'explainer.html'), page);
    writeFileSync(path.join(site, 'content', 'posts', `${BLOG_EXPLAINER_POST}.md`), markdown);
    paths[BLOG_EXPLAINER_POST] = `posts/${BLOG_EXPLAINER_POST}/`;
  }
  const result = spawnSync('hugo', ['--source', site, '--destination', output, '--quiet'], { encoding: 'utf8' });
  if (result.error || result.status !== 0) {
    throw new Error(`hugo failed: ${result.error?.message ?? result.stderr}`);
  }
  return { public: output, paths };
}
