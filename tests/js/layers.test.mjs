// layers.test.mjs: web/src's folders are its layers, and each folder's README.md says in a line
// "May import: ..." which folders its modules import at run time (and, after a ";", which paths
// outside web/src, as patterns relative to the folder). Every static and dynamic import with a
// literal specifier in every module is checked against its folder's line; type imports in JSDoc
// comments are not imports at run time and are not checked.
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const source = fileURLToPath(new URL('../../web/src/', import.meta.url));

/** @param {string} folder @returns {string[]} Every .js file below it. */
function jsFiles(folder) {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return jsFiles(full);
    return entry.name.endsWith('.js') ? [full] : [];
  });
}

/** Each layer folder's rules, from its README.md. */
function readRules() {
  /** @type {Map<string, {layers: Set<string>, outside: RegExp[]}>} */
  const rules = new Map();
  for (const entry of readdirSync(source, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const readme = readFileSync(path.join(source, entry.name, 'README.md'), 'utf8');
    const line = /^May import: (.*)\.$/m.exec(readme);
    assert.ok(line, `web/src/${entry.name}/README.md says what its modules may import ("May import: ...")`);
    const [layers, ...outside] = line[1].split(';');
    rules.set(entry.name, {
      layers: new Set(layers.split(',').map((name) => name.trim())),
      outside: outside.map((part) => {
        const pattern = part.trim().split(' ')[0];
        const target = path.join(source, entry.name, pattern);
        return new RegExp(`^${target.split('*').map((piece) => piece.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('[^/]*')}$`);
      }),
    });
  }
  return rules;
}

/**
 * The literal specifiers a module imports at run time: `import ... from`, `export ... from`,
 * `import '...'` and `import('...')`, outside comments.
 * @param {string} text
 */
export function runtimeImports(text) {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const found = [];
  for (const match of code.matchAll(/(?:^|[\s;])(?:import|export)\s[^'"`;]*?from\s*(['"])([^'"]+)\1|(?:^|[\s;])import\s*(['"])([^'"]+)\3|\bimport\(\s*(['"])([^'"]+)\5\s*\)/gm)) {
    found.push(match[2] ?? match[4] ?? match[6]);
  }
  return found;
}

test('the import finder sees static, re-exported and dynamic imports, not those in comments', () => {
  const text = [
    "import { a } from './a.js';", "import b, {\n  c,\n} from '../b.js';", "export { d } from './d.js';", "import './side.js';",
    "const e = () => import('./e.js');", '/** @type {import(\'./type.js\').T} */', "// import { f } from './f.js';", 'const g = import(url);',
  ].join('\n');
  assert.deepEqual(runtimeImports(text), ['./a.js', '../b.js', './d.js', './side.js', './e.js']);
});

/**
 * What is wrong with `file` (in folder `layer`) importing `specifier`, or null.
 * @param {ReturnType<typeof readRules>} rules
 * @param {string} layer
 * @param {string} file
 * @param {string} specifier
 */
function problem(rules, layer, file, specifier) {
  const rule = /** @type {{layers: Set<string>, outside: RegExp[]}} */ (rules.get(layer));
  const target = path.join(path.dirname(file), specifier);
  const inside = path.relative(source, target);
  const first = inside.startsWith('..') ? '' : inside.split(path.sep)[0];
  const targetLayer = rules.has(first) ? first : null;
  const ok = targetLayer ? rule.layers.has(targetLayer) : rule.outside.some((pattern) => pattern.test(target));
  return ok ? null : `web/src/${path.relative(source, file)} imports ${specifier} (${targetLayer ?? 'no layer'}): ${layer} may import ${[...rule.layers].join(', ')}`;
}

test('every module of web/src imports only what its folder\'s README allows', () => {
  const rules = readRules();
  const top = readdirSync(source, { withFileTypes: true }).filter((entry) => entry.isFile() && entry.name.endsWith('.js'));
  assert.deepEqual(top.map((entry) => entry.name), [], 'every module sits in a layer folder');
  /** @type {string[]} */
  const broken = [];
  let checked = 0;
  for (const layer of rules.keys()) {
    for (const file of jsFiles(path.join(source, layer))) {
      for (const specifier of runtimeImports(readFileSync(file, 'utf8'))) {
        if (!specifier.startsWith('.')) continue; // a package (none today) is not a layer
        checked += 1;
        const found = problem(rules, layer, file, specifier);
        if (found) broken.push(found);
      }
    }
  }
  assert.ok(checked > 100, `the imports were found (${checked})`);
  assert.deepEqual(broken, []);
});

test('an import against a folder\'s line is named', () => {
  const rules = readRules();
  const at = (layer, name) => path.join(source, layer, name);
  assert.match(String(problem(rules, 'model', at('model', 'link.js'), '../host/loop.js')), /model\/link\.js imports \.\.\/host\/loop\.js \(host\): model may import model$/);
  assert.match(String(problem(rules, 'host', at('host', 'playground.js'), '../page/panel.js')), /\(page\)/, 'the host may not import the page');
  assert.match(String(problem(rules, 'scenes', at('scenes', 'chain/live.js'), '../../host/solvers.js')), /\(host\)/);
  assert.equal(problem(rules, 'host', at('host', 'solvers.js'), '../ik2d-core.js'), null, 'the WebAssembly modules beside the bundle');
  assert.match(String(problem(rules, 'model', at('model', 'link.js'), '../ik2d-core.js')), /no layer/);
  assert.equal(problem(rules, 'element', at('element', 'style.js'), '../../styles/stage.css'), null, 'styles as text');
  assert.match(String(problem(rules, 'host', at('host', 'playground.js'), '../../styles/stage.css')), /no layer/);
});
