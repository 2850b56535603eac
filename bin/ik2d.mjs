#!/usr/bin/env node
// ik2d.mjs: the package's command, `npx ik2d`. One subcommand:
//
//   ik2d render "<link or its query>" [--format svg] [--width W] > figure.svg
//
// writes to stdout the SVG that playground.exportImage('svg') gives for the link at W × 3W/4 CSS
// pixels (docs/playground.md, "Figures without a browser"). The work is dist/node/ik2d-render.js's
// (web/src/entries/render-svg.js): the page's own link reading, scenes and SVG recorder, in Node.
//
// Exit codes: 0 the SVG was written; 1 the link has problems (the page's notices, on stderr) or the
// figure could not be drawn; 2 the command line is wrong (an unknown option or format, a bad width).
import { readFileSync } from 'node:fs';

const USAGE = `Usage: ik2d render "<link or its query>" [--format svg] [--width W] > figure.svg

Writes the figure a playground link shows as SVG to stdout, as the page's SVG export
(playground.exportImage('svg')) draws it, without a browser.

  <link>        a playground or embed URL (https://…/?scene=arm&target=120,40), or its query
                (?scene=arm&target=120,40 or scene=arm&target=120,40)
  --format svg  the only format (the default)
  --width W     width in pixels, a whole number; the height is 3/4 of it (default 640)
  --help        this text

Exit codes: 0 written; 1 the link has problems (listed on stderr) or the figure failed;
2 a wrong command line.`;

/** A command-line mistake: exit code 2, with the usage's first line. */
class UsageError extends Error {}

/** The formats render writes. */
const FORMATS = ['svg'];

/**
 * Reads `render`'s arguments.
 * @param {string[]} args What follows "render".
 * @returns {{link: string, format: string, width: string | undefined, help: boolean}}
 */
function readArguments(args) {
  /** @type {string[]} */
  const links = [];
  let format = 'svg';
  /** @type {string | undefined} */
  let width;
  let help = false;
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i];
    const [name, inline] = arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    /** The option's value: after "=", or the next argument. */
    const value = () => {
      if (inline !== undefined) return inline;
      if (i + 1 >= args.length) throw new UsageError(`${name} needs a value`);
      i += 1;
      return args[i];
    };
    if (name === '--help' || name === '-h') help = true;
    else if (name === '--format') format = value();
    else if (name === '--width') width = value();
    else if (name.startsWith('-') && name.length > 1) throw new UsageError(`unknown option ${name}`);
    else links.push(arg);
  }
  if (help) return { link: '', format, width, help };
  if (!FORMATS.includes(format)) {
    throw new UsageError(`--format expects ${FORMATS.join(' or ')}, got ${JSON.stringify(format)} (PNG, GIF and WebM need a browser: use the playground's buttons)`);
  }
  if (links.length !== 1) throw new UsageError(links.length ? `one link at a time, got ${links.length}` : 'a link is needed');
  return { link: links[0], format, width, help };
}

/**
 * Writes text to stdout and waits until it is handed over (a pipe may take it in pieces).
 * @param {string} text
 */
function writeOut(text) {
  return new Promise((resolve, reject) => {
    process.stdout.write(text, (error) => (error ? reject(error) : resolve(undefined)));
  });
}

/**
 * Runs the command.
 * @param {string[]} argv process.argv without node and the script.
 * @returns {Promise<number>} The exit code.
 */
async function main(argv) {
  const [command, ...rest] = argv;
  if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
    (command === undefined ? process.stderr : process.stdout).write(`${USAGE}\n`);
    return command === undefined ? 2 : 0;
  }
  if (command === '--version') {
    const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
    process.stdout.write(`${version}\n`);
    return 0;
  }
  if (command !== 'render') throw new UsageError(`unknown command ${JSON.stringify(command)} (the command is render)`);
  const { link, width, help } = readArguments(rest);
  if (help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  let render;
  try {
    render = await import(new URL('../dist/node/ik2d-render.js', import.meta.url).href);
  } catch (error) {
    throw new Error(`dist/node/ik2d-render.js could not be loaded (in a clone of the repository, run \`npm run build\` first): ${error instanceof Error ? error.message : String(error)}`);
  }
  /** @type {number | undefined} */
  let pixels;
  if (width !== undefined) {
    try {
      pixels = render.checkWidth(/^\s*\d{1,9}\s*$/.test(width) ? Number(width) : width, '--width');
    } catch (error) {
      throw new UsageError(error instanceof Error ? error.message : String(error));
    }
  }
  const svg = await render.renderSvg(link, pixels === undefined ? {} : { width: pixels });
  await writeOut(svg);
  return 0;
}

main(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
}, (error) => {
  const usage = error instanceof UsageError;
  // The renderer names itself ("render: …"); the command's prefix says it already.
  const message = (error instanceof Error ? error.message : String(error)).replace(/^render: /, '');
  process.stderr.write(`ik2d render: ${message}\n${usage ? `${USAGE.split('\n')[0]}\nSee ik2d render --help.\n` : ''}`);
  process.exitCode = usage ? 2 : 1;
});
