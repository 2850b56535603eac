// side-by-side.mjs: run several commands at once, each one's output kept and printed whole when it
// ends (so two never interleave), with a line as each starts and ends. npm test runs its test tiers
// this way: the Node tests and one process per browser engine.
import { spawn } from 'node:child_process';

/**
 * @typedef {Object} Task
 * @property {string} name Said when it starts and ends.
 * @property {string} command
 * @property {string[]} args
 * @property {NodeJS.ProcessEnv} [env] Added to this process's environment.
 */

/**
 * Runs the tasks, at most `jobs` at once, in order. A task that runs longer than `timeoutMs` is
 * stopped (with every process it started) and counts as failed, with its output so far.
 * @param {Task[]} tasks
 * @param {{jobs: number, timeoutMs: number, cwd: string}} options
 * @returns {Promise<Array<{name: string, ok: boolean, seconds: number, output: string}>>} In the
 *   tasks' order; output: all it printed.
 */
export async function runSideBySide(tasks, { jobs, timeoutMs, cwd }) {
  const started = Date.now();
  /** @type {Map<import('node:child_process').ChildProcess, {name: string, output: Buffer[]}>} */
  const running = new Map();
  const stopAll = () => { for (const child of running.keys()) stopGroup(child); };
  process.once('SIGINT', () => { stopAll(); process.exit(130); });
  process.once('SIGTERM', () => { stopAll(); process.exit(143); });

  /** @param {Task} task */
  const runOne = (task) => new Promise((resolve) => {
    const began = Date.now();
    console.log(`[${clock(began - started)}] started: ${task.name}`);
    // Its own process group, so a stop reaches the browsers and drivers it started.
    const child = spawn(task.command, task.args, {
      cwd, env: { ...process.env, ...task.env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true,
    });
    /** @type {Buffer[]} */
    const output = [];
    running.set(child, { name: task.name, output });
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    let late = false;
    const timer = setTimeout(() => {
      late = true;
      stopGroup(child);
    }, timeoutMs);
    let finished = false;
    const finish = (/** @type {number | null} */ code, /** @type {string} */ why) => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      running.delete(child);
      const seconds = (Date.now() - began) / 1000;
      const ok = code === 0 && !late;
      const verdict = ok ? 'passed' : `FAILED (${late ? `stopped after ${timeoutMs / 60000} min` : why})`;
      console.log(`\n== ${task.name}: ${verdict} in ${seconds.toFixed(0)} s ==\n`);
      const printed = Buffer.concat(output);
      process.stdout.write(printed);
      console.log(`[${clock(Date.now() - started)}] ended: ${task.name}, ${verdict}`);
      resolve({ name: task.name, ok, seconds, output: printed.toString('utf8') });
    };
    child.once('error', (error) => finish(null, `could not start: ${error.message}`));
    child.once('close', (code, signal) => finish(code, `exit ${code ?? signal}`));
    // A process it started may hold the output open after it exits: its exit decides, soon after.
    child.once('exit', (code, signal) => { setTimeout(() => finish(code, `exit ${code ?? signal}`), 5000).unref(); });
  });

  // Every minute, how far each running task has got (the TAP lines it printed: tests and suites
  // passed and failed), so a slow or stuck tier shows while it runs.
  const progress = setInterval(() => {
    for (const [child, task] of running) {
      const text = Buffer.concat(task.output).toString('utf8');
      const passed = text.match(/^\s*ok \d+ /gm)?.length ?? 0;
      const failed = text.match(/^\s*not ok \d+ /gm)?.length ?? 0;
      console.log(`[${clock(Date.now() - started)}] running: ${task.name} (${passed} ok, ${failed} not ok so far; pid ${child.pid})`);
    }
  }, 60000);
  progress.unref();

  /** @type {Array<{name: string, ok: boolean, seconds: number, output: string}>} */
  const results = new Array(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const index = next;
      next += 1;
      results[index] = await runOne(tasks[index]);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(jobs, tasks.length)) }, worker));
  clearInterval(progress);
  return results;
}

/** @param {import('node:child_process').ChildProcess} child */
function stopGroup(child) {
  try {
    process.kill(-(/** @type {number} */ (child.pid)), 'SIGKILL');
  } catch { /* already gone */ }
}

/** @param {number} ms @returns {string} m:ss */
function clock(ms) {
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
