/**
 * site-template TEMPLATE DATA.json [--partials PARTIALS.json] [--injects INJECTS.json]
 *               [--locale fr-FR] [--now MS] [--time-zone ZONE]
 * Renders TEMPLATE against DATA, prints the HTML to stdout and any errors to stderr; exits 1
 * when there were errors (syntax or render), 2 on bad usage or unreadable files.
 * `site-template dev FOLDER ...` (serving a template folder) is in ./dev.ts.
 */
import { readFileSync } from 'node:fs';
import { render, type RenderOptions } from '../template';

const USAGE =
  'usage: site-template TEMPLATE DATA.json [--partials PARTIALS.json] [--injects INJECTS.json] ' +
  '[--locale LOCALE] [--now EPOCH_MS] [--time-zone ZONE]\n       site-template dev FOLDER [--data DATA.json] [--port 4000] [--host 127.0.0.1] [--base NAME=DIR ...]';

function readJson(path: string, what: string): unknown {
  const text = readFileSync(path, 'utf8');
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new Error(`${what} ${path} is not valid JSON: ${(e as Error).message}`);
  }
}

export interface Io {
  out(text: string): void;
  err(text: string): void;
}

const stdio: Io = {
  out: (t) => process.stdout.write(t),
  err: (t) => process.stderr.write(t),
};

/** Runs the command line; returns the exit code. */
export function main(argv: readonly string[], io: Io = stdio): number {
  const files: string[] = [];
  const opts: RenderOptions = {};
  try {
    for (let i = 0; i < argv.length; i++) {
      const a = argv[i]!;
      const value = () => {
        const v = argv[++i];
        if (v === undefined) throw new Error(`${a} needs a value`);
        return v;
      };
      if (a === '--partials') opts.partials = readJson(value(), 'partials') as Record<string, string>;
      else if (a === '--injects') opts.injects = readJson(value(), 'injects') as Record<string, string>;
      else if (a === '--locale') opts.locale = value();
      else if (a === '--now') opts.now = Number(value());
      else if (a === '--time-zone') opts.timeZone = value();
      else if (a === '-h' || a === '--help') {
        io.out(USAGE + '\n');
        return 0;
      } else if (a.startsWith('--')) throw new Error(`unknown option ${a}`);
      else files.push(a);
    }
    if (files.length !== 2) throw new Error('expected a template and a data file');
    const source = readFileSync(files[0]!, 'utf8');
    const data = readJson(files[1]!, 'data');
    const { html, errors } = render(source, data, opts);
    io.out(html);
    for (const e of errors) {
      const at = e.line !== undefined ? `${files[0]}:${e.line}:${e.column}: ` : '';
      io.err(`${at}${e.kind}: ${e.message}\n`);
    }
    return errors.length ? 1 : 0;
  } catch (e) {
    io.err(`site-template: ${(e as Error).message}\n${USAGE}\n`);
    return 2;
  }
}
