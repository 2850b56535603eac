// run.mjs: run a command with inherited output, and fail with a message that says which step broke.
import { spawn, spawnSync } from 'node:child_process';

/**
 * Runs `command args…` in the repo with its output streamed; throws when it fails.
 * @param {string} command
 * @param {string[]} args
 * @param {{env?: NodeJS.ProcessEnv, cwd?: string}} [options]
 */
export function run(command, args, options = {}) {
  console.log(`\n$ ${[command, ...args].join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: options.env ?? process.env, cwd: options.cwd });
  if (result.error) throw new Error(`could not start ${command}: ${result.error.message}`);
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal})`);
  }
}

/**
 * As run(), without blocking: resolves when the command has succeeded, rejects with the same
 * message when it fails. For two steps that can go side by side (npm ci while C++ compiles).
 * @param {string} command
 * @param {string[]} args
 * @param {{env?: NodeJS.ProcessEnv, cwd?: string}} [options]
 * @returns {Promise<void>}
 */
export function runAsync(command, args, options = {}) {
  console.log(`\n$ ${[command, ...args].join(' ')}`);
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit', env: options.env ?? process.env, cwd: options.cwd });
    child.on('error', (error) => reject(new Error(`could not start ${command}: ${error.message}`)));
    child.on('exit', (status, signal) => {
      if (status === 0) resolve();
      else reject(new Error(`${command} ${args.join(' ')} failed (exit ${status ?? signal})`));
    });
  });
}

/** True when `command` answers on PATH. */
export function has(command, args = ['--version']) {
  const result = spawnSync(command, args, { stdio: 'ignore' });
  return !result.error && result.status === 0;
}
