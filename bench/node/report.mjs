// report.mjs: what bench/node/run.mjs prints: a markdown table per scenario (ns per solve, errors,
// ratios against ik2d), the convergence table, and the speed targets, each met or missed.
// The bench settings it quotes (bones, bone length, tolerance) come from `result.settings`.

// ---- numbers --------------------------------------------------------------------------------------

/** Mean and max of `errors[0..count)` and the share within `tolerance` (also used by the runner). */
export function errorStats(errors, count, tolerance) {
  let sum = 0, max = 0, within = 0;
  for (let i = 0; i < count; i++) {
    const e = errors[i];
    sum += e;
    if (e > max) max = e;
    if (e <= tolerance * (1 + 1e-9)) within++;
  }
  return { mean: sum / count, max, within: within / count };
}

const fmt = (v, digits = 3) => {
  if (v === undefined || v === null || Number.isNaN(v)) return '–';
  if (v === 0) return '0';
  const a = Math.abs(v);
  if (a >= 1e5 || a < 1e-3) return v.toExponential(2);
  if (a >= 100) return v.toFixed(0);
  return v.toPrecision(digits);
};
const pct = (v) => `${(100 * v).toFixed(1)} %`;

/** ik2d per call's error stats on the same (chain, frame) subset as `row`. */
function baselineOn(row, base, tolerance) {
  if (!base || base.skipped || row.skipped) return undefined;
  const errors = new Float64Array(row.chains * row.frames);
  for (let f = 0; f < row.frames; f++) {
    for (let c = 0; c < row.chains; c++) errors[f * row.chains + c] = base.errors[f * base.chains + c];
  }
  return errorStats(errors, errors.length, tolerance);
}

// ---- tables ---------------------------------------------------------------------------------------

function scenarioTable(scenario, lines, settings) {
  const rows = scenario.rows;
  const call = rows.find((r) => r.name === 'ik2d per call' && !r.skipped);
  const batch = rows.find((r) => r.name === 'ik2d batched' && !r.skipped);
  const twoBone = scenario.name === 'two-bone';
  if (twoBone) {
    lines.push(`### two-bone: ${scenario.limbs} limbs × ${scenario.frames} target sets (70 % reachable, 15 % out of reach, 15 % too close)`);
  } else {
    lines.push(`### ${scenario.name}: ${scenario.chains} chains × ${scenario.frames} frames, ${settings.bones} bones of ${settings.boneLength}, iterations ${scenario.iterations}, tolerance ${scenario.tolerance} (1e-3 of reach), warm start`);
  }
  lines.push('');
  const head = ['contender', 'solves / round', 'ns / solve (median)', 'rounds min–max', 'mean err', 'max err',
    twoBone ? 'max err (reachable)' : 'within tol', '÷ ik2d per call', '÷ ik2d batched'];
  if (!twoBone) head.push('ik2d per call on same solves: mean / max err, within tol');
  lines.push(`| ${head.join(' | ')} |`);
  lines.push(`|${head.map(() => '---').join('|')}|`);
  for (const r of rows) {
    if (r.skipped) {
      lines.push(`| ${r.name} | ${r.skipped} |${' |'.repeat(head.length - 2)}`);
      continue;
    }
    const cells = [
      r.name, `${r.chains} × ${r.frames}`, fmt(r.ns), `${fmt(r.nsMin)}–${fmt(r.nsMax)}`, fmt(r.meanError), fmt(r.maxError),
      twoBone ? fmt(r.maxReachableError) : pct(r.within),
      call ? fmt(r.ns / call.ns) : '–', batch ? fmt(r.ns / batch.ns) : '–',
    ];
    if (!twoBone) {
      const b = baselineOn(r, call, settings.tolerance);
      cells.push(b ? `${fmt(b.mean)} / ${fmt(b.max)}, ${pct(b.within)}` : '–');
    }
    lines.push(`| ${cells.join(' | ')} |`);
  }
  lines.push('');
}

function convergenceTable(conv, lines, settings) {
  lines.push(`### Convergence: sweeps to reach ${conv.tolerance} (1e-3 of reach; for targets out of reach: within that of d − reach), ${settings.bones} equal bones, cap ${conv.cap}`);
  lines.push('');
  lines.push('| method | targets | start | solver | mean sweeps | median | max | converged | FABRIK paper (10 joints) |');
  lines.push('|---|---|---|---|---|---|---|---|---|');
  for (const r of conv.rows) {
    lines.push(`| ${r.method.toUpperCase()} | ${r.count} ${r.targets} (${r.targets === 'reachable' ? '5–95' : '105–200'} % of reach) | ${r.start} | ${r.solver} | ${fmt(r.mean)} | ${r.median} | ${r.max} | ${pct(r.converged)} | ${r.paper ?? ''} |`);
  }
  lines.push('');
  lines.push('Mean sweeps count a target that never converged at the cap. ik2d answers a target out of reach with one stretch sweep (the FABRIK paper\'s rule); "plain" iterates the algorithm instead. Paper: Aristidou & Lasenby 2011, mean iterations on a 10-joint chain; its tolerance, link lengths and start poses are not known here. For DLS a "sweep" is one damped-least-squares step (every joint at once, about 3·N work against CCD\'s N²/2 and FABRIK\'s 2·N).');
  lines.push('');
  if (conv.within) {
    const { after, rows } = conv.within;
    lines.push(`### Convergence: share within ${conv.tolerance} after k sweeps (CCD, FABRIK) or steps (DLS), ${rows[0].count} reachable targets (5–95 % of reach), straight start`);
    lines.push('');
    lines.push(`| method | ${after.map((k) => `k = ${k}`).join(' | ')} |`);
    lines.push(`|---|${after.map(() => '---').join('|')}|`);
    for (const r of rows) lines.push(`| ${r.method.toUpperCase()} | ${r.share.map(pct).join(' | ')} |`);
    lines.push('');
  }
}

/** The speed targets, each met or missed, with the numbers. */
export function targetChecks(scenarios, settings) {
  const { bones, tolerance } = settings;
  const find = (scenario, name) => scenario?.rows.find((r) => r.name === name && !r.skipped);
  const checks = [];
  const speedup = (slow, fast) => (slow && fast ? slow.ns / fast.ns : undefined);
  const check = (what, value, goal, detail = '') => {
    if (value === undefined) checks.push({ what, status: 'not measured', detail });
    else checks.push({ what, value, goal, status: value >= goal ? 'met' : 'missed', detail });
  };
  const tb = scenarios.find((s) => s.name === 'two-bone');
  // The per-call API against the per-call JS reference and three.js.
  check('two-bone: per call vs JS per call (≥ 1.5×)', speedup(find(tb, 'JS per call'), find(tb, 'ik2d per call')), 1.5);
  const fabrikTracking = scenarios.find((s) => s.name === `FABRIK-${bones} tracking`);
  check('FABRIK-10 tracking: per call vs JS reference (≥ 1×)', speedup(find(fabrikTracking, 'JS reference'), find(fabrikTracking, 'ik2d per call')), 1);
  const ccdTracking = scenarios.find((s) => s.name === `CCD-${bones} tracking`);
  for (const name of [`three CCDIKSolver (iteration = ${ccdTracking?.iterations})`, 'three CCDIKSolver + tolerance stop']) {
    check(`CCD-10 tracking: per call vs ${name} (≥ 8×)`, speedup(find(ccdTracking, name), find(ccdTracking, 'ik2d per call')), 8);
  }
  check('two-bone: batched vs JS per call (≥ 5×)', speedup(find(tb, 'JS per call'), find(tb, 'ik2d batched')), 5);
  check('two-bone: batched vs JS typed-array loop (> 1×)', speedup(find(tb, 'JS typed-array loop'), find(tb, 'ik2d batched')), 1.0000001);
  const errorNote = (ours, theirs) => {
    if (!ours || !theirs) return '';
    // On the same solves: as many within tolerance (half a percentage point of slack: CCD that has
    // not converged is chaotic, rounding alone moves a few solves across the line) and a mean error
    // no more than 10 % above theirs, or within the tolerance anyway.
    const base = baselineOn(theirs, ours, tolerance);
    const ok = base.within >= theirs.within - 0.005 && (base.mean <= 1.1 * theirs.meanError || base.mean <= tolerance);
    return `${ok ? 'equal or better' : 'WORSE'}: ik2d ${pct(base.within)} within tol, mean ${fmt(base.mean)}, max ${fmt(base.max)}; ` +
      `theirs ${pct(theirs.within)}, mean ${fmt(theirs.meanError)}, max ${fmt(theirs.maxError)}`;
  };
  for (const mode of ['tracking', 'random jumps']) {
    // DLS against the DLS library, on the same chains and frames.
    const dls = scenarios.find((s) => s.name === `DLS-${bones} ${mode}`);
    const dcall = find(dls, 'ik2d per call'), cci = find(dls, 'closed-chain-ik (DLS)');
    check(`DLS-10 ${mode}: per call vs closed-chain-ik (≥ 10×)`, speedup(cci, dcall), 10, errorNote(dcall, cci));
  }
  for (const mode of ['tracking', 'random jumps']) {
    const fab = scenarios.find((s) => s.name === `FABRIK-${bones} ${mode}`);
    const call = find(fab, 'ik2d per call'), batch = find(fab, 'ik2d batched'), js = find(fab, 'JS reference');
    const fullik = find(fab, '@aminere/fullik (FABRIK)');
    const strict = mode === 'tracking' ? '' : ' (jumps: for information)';
    check(`FABRIK-10 ${mode}: batched vs JS reference (≥ 1.5×)${strict}`, speedup(js, batch), 1.5, errorNote(batch, js));
    check(`FABRIK-10 ${mode}: batched vs JS reference (≥ 3×)`, speedup(js, batch), 3, errorNote(batch, js));
    check(`FABRIK-10 ${mode}: per call vs JS reference (≥ 1×)${strict}`, speedup(js, call), 1, errorNote(call, js));
    check(`FABRIK-10 ${mode}: per call vs @aminere/fullik (≥ 10×)${strict}`, speedup(fullik, call), 10, errorNote(call, fullik));
    check(`FABRIK-10 ${mode}: batched vs @aminere/fullik (≥ 10×)${strict}`, speedup(fullik, batch), 10, errorNote(batch, fullik));
    const ccd = scenarios.find((s) => s.name === `CCD-${bones} ${mode}`);
    const ccall = find(ccd, 'ik2d per call'), cbatch = find(ccd, 'ik2d batched');
    for (const name of [`three CCDIKSolver (iteration = ${ccd?.iterations})`, 'three CCDIKSolver + tolerance stop']) {
      const three = find(ccd, name);
      check(`CCD-10 ${mode}: per call vs ${name} (≥ 20×)`, speedup(three, ccall), 20, errorNote(ccall, three));
      check(`CCD-10 ${mode}: batched vs ${name} (≥ 20×)`, speedup(three, cbatch), 20, errorNote(cbatch, three));
    }
    if (mode === 'random jumps') {
      const three = find(ccd, `three CCDIKSolver (iteration = ${ccd?.iterations})`);
      check(`CCD-10 ${mode}: batched vs three CCDIKSolver (iteration = ${ccd?.iterations}) (≥ 30×)`, speedup(three, cbatch), 30, errorNote(cbatch, three));
    }
  }
  return checks;
}

/** The whole report, markdown. */
export function report(result) {
  const lines = [];
  lines.push(`## ik2d ${result.version} in Node ${process.version}: ${result.size} run, ${result.rounds} rounds (+1 warm-up), median ns per solve`);
  lines.push('');
  lines.push('Ratios are time ÷ ik2d\'s time in the same run: above 1 means ik2d is faster by that factor. Errors are |end − target| after the call.');
  lines.push('');
  for (const note of result.notes) lines.push(`> note: ${note}`);
  if (result.notes.length) lines.push('');
  for (const s of result.scenarios) scenarioTable(s, lines, result.settings);
  convergenceTable(result.convergence, lines, result.settings);
  lines.push('### Targets, from this run');
  lines.push('');
  lines.push('| target | measured | result | errors |');
  lines.push('|---|---|---|---|');
  for (const c of result.checks) {
    lines.push(`| ${c.what} | ${c.value === undefined ? '–' : `${fmt(c.value)}×`} | ${c.status} | ${c.detail} |`);
  }
  lines.push('');
  return lines.join('\n');
}
