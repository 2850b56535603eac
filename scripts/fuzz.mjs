// fuzz.mjs: `npm run fuzz [-- --seconds N]` builds the libFuzzer harnesses (tests/fuzz: two-bone, skeleton,
// chain, spider, batch, creature; clang with ASan + UBSan) and runs each for N seconds (default 300). npm test runs
// the same with a short budget. Corpora grow in build/fuzz/corpus/<harness>; a failing input is
// saved in build/fuzz/artifacts/ and the run fails, naming it. Inputs that once failed are kept in
// tests/fuzz/regressions/<harness>/ and read first on every run, so a fixed bug stays fixed.
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { run } from './lib/run.mjs';
import { ensureSystemTools, repoRoot } from './lib/setup.mjs';

export const harnesses = ['fuzz_two_bone', 'fuzz_chain', 'fuzz_spider', 'fuzz_batch', 'fuzz_skeleton', 'fuzz_creature', 'fuzz_sizes'];

/**
 * Builds and runs every harness for `seconds` each; throws on the first failure.
 * @param {number} seconds
 * @returns {{name: string, runs: number, seconds: number}[]}
 */
export function fuzzAll(seconds) {
  run('cmake', ['--preset', 'fuzz'], { cwd: repoRoot });
  run('cmake', ['--build', '--preset', 'fuzz'], { cwd: repoRoot });
  const fuzzDir = path.join(repoRoot, 'build', 'fuzz');
  const artifacts = path.join(fuzzDir, 'artifacts') + path.sep;
  mkdirSync(artifacts, { recursive: true });
  const results = [];
  for (const name of harnesses) {
    const corpus = path.join(fuzzDir, 'corpus', name);
    mkdirSync(corpus, { recursive: true });
    const regressions = path.join(repoRoot, 'tests', 'fuzz', 'regressions', name);
    const args = [`-max_total_time=${seconds}`, '-timeout=10', '-rss_limit_mb=2048', `-artifact_prefix=${artifacts}`, '-print_final_stats=1', corpus,
      ...(existsSync(regressions) ? [regressions] : [])];
    console.log(`\n$ ${name} ${args.join(' ')}`);
    const result = spawnSync(path.join(fuzzDir, 'tests', 'fuzz', name), args, { encoding: 'utf8' });
    const output = `${result.stdout ?? ''}${result.stderr ?? ''}`;
    const runs = Number(/stat::number_of_executed_units:\s*(\d+)/.exec(output)?.[1] ?? NaN);
    if (result.status !== 0) {
      console.error(output.split('\n').slice(-40).join('\n'));
      const saved = readdirSync(artifacts).filter((file) => file.startsWith('crash-') || file.startsWith('timeout-') || file.startsWith('oom-'));
      throw new Error(`${name} found a failing input (exit ${result.status}); saved in ${artifacts}: ${saved.join(', ')}`);
    }
    console.log(`${name}: ${runs} inputs in ${seconds} s, no crash, no sanitizer report, every invariant held`);
    results.push({ name, runs, seconds });
  }
  return results;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const at = process.argv.indexOf('--seconds');
  const seconds = at > 0 ? Number(process.argv[at + 1]) : 300;
  try {
    if (!Number.isInteger(seconds) || seconds < 1) throw new Error(`--seconds must be a whole number of seconds, got ${process.argv[at + 1]}`);
    ensureSystemTools(['cmake', 'ninja', 'libFuzzer']);
    fuzzAll(seconds);
  } catch (error) {
    console.error(`\nnpm run fuzz failed: ${error.message}`);
    process.exit(1);
  }
}
