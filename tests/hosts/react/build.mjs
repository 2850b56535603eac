// build.mjs: builds the React host app (this folder) as an app that depends on ik2d would be built.
// The package is packed and its tarball installed into a project folder under build/hosts/ with
// the app's index.html and src/ copied in; React and react-dom resolve from the repo's
// node_modules (devDependencies), by Node's lookup up the folders. Vite's JS API makes the
// production build (JSX by Vite's own transform, no plugin), into the project's dist/.
//
//   node tests/hosts/react/build.mjs        builds into build/hosts/react/ and prints the folder
//
// tests/browser/react-host.test.mjs builds a fresh copy of its own (a folder per process).
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { installTarball, packTarball, repoRoot } from '../../package/install.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * Builds the app.
 * @param {{project?: string}} [options] project: the folder to build in (emptied first); default a
 *   new folder under build/hosts/.
 * @returns {Promise<{project: string, dist: string, warnings: string[]}>} dist: the built app, to
 *   serve as a site's root; warnings: what Vite warned about.
 */
export async function buildReactHost({ project } = {}) {
  const hosts = path.join(repoRoot, 'build', 'hosts');
  mkdirSync(hosts, { recursive: true });
  if (project) {
    rmSync(project, { recursive: true, force: true });
    mkdirSync(project, { recursive: true });
  } else {
    project = mkdtempSync(path.join(hosts, 'react-'));
  }
  cpSync(path.join(here, 'index.html'), path.join(project, 'index.html'));
  for (const folder of ['src', 'public']) cpSync(path.join(here, folder), path.join(project, folder), { recursive: true });
  writeFileSync(path.join(project, 'package.json'), `${JSON.stringify({ name: 'ik2d-react-host', private: true, type: 'module' }, null, 2)}\n`);
  const tarball = packTarball(project);
  installTarball(project, path.join(project, tarball.filename));

  const { build, createLogger } = await import('vite');
  /** @type {string[]} */
  const warnings = [];
  // Kept for the caller, not printed: they would fill every test run's output.
  const logger = createLogger('warn');
  logger.warn = (message) => { warnings.push(message); };
  logger.warnOnce = (message) => { if (!warnings.includes(message)) warnings.push(message); };
  const dist = path.join(project, 'dist');
  await build({
    root: project,
    configFile: false,
    logLevel: 'warn',
    customLogger: logger,
    // JSX in .jsx files: React 19's automatic runtime (react/jsx-runtime), Vite's own transform.
    oxc: { jsx: { runtime: 'automatic' } },
    // Every asset a file: Vite inlines small ones as data: URLs, which default-src 'self' refuses.
    // No bundler-timings report: whether it shows depends on the machine's load, not on the package.
    build: { outDir: dist, emptyOutDir: true, target: 'es2022', assetsInlineLimit: 0, rolldownOptions: { checks: { bundlerTimings: false } } },
  });
  return { project, dist, warnings };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { dist, warnings } = await buildReactHost({ project: path.join(repoRoot, 'build', 'hosts', 'react') });
  for (const warning of warnings) console.warn(warning);
  console.log(dist);
}
