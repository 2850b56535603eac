// install.mjs: the package as its users get it. `packTarball` runs `npm pack` on the repo (dist/ as
// built: prepack is not run again) and `installTarball` installs that tarball into a project
// folder, offline, as `npm install ./ik2d-0.1.0.tgz` does. tests/package/npm.test.mjs and the host
// apps the browser tests build (tests/hosts/) both use them.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * Runs a command; its output is shown only when it fails.
 * @param {string} command
 * @param {string[]} args
 * @param {string} cwd
 */
export function run(command, args, cwd) {
  try {
    return execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    const { stdout, stderr } = /** @type {{stdout?: string, stderr?: string}} */ (error);
    throw new Error(`${command} ${args.join(' ')} failed:\n${stdout}\n${stderr}`);
  }
}

/**
 * Packs the repo into `destination` and returns what npm pack reports (the tarball's name, size
 * and files).
 * @param {string} destination
 * @returns {{size: number, files: {path: string}[], filename: string}}
 */
export function packTarball(destination) {
  if (!existsSync(path.join(repoRoot, 'dist', 'ik2d-element.js'))) throw new Error('dist/ is not built (npm run build)');
  // --ignore-scripts: dist/ is built already (prepack builds it for people who run npm pack).
  return JSON.parse(run('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', destination], repoRoot))[0];
}

/**
 * Installs a packed tarball into a project folder (which has its package.json), offline: the
 * tarball has no dependencies.
 * @param {string} project
 * @param {string} tarball
 */
export function installTarball(project, tarball) {
  run('npm', ['install', '--no-audit', '--no-fund', '--offline', tarball], project);
}
