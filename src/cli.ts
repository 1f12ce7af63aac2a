/**
 * The entry: what runs before any command is parsed, and the one place where an error becomes a
 * line on stderr and an exit code. It answers `--version` and `completion <shell>` itself and
 * loads the command tree (program.ts) for everything else, so those two never load Commander.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { exitCodeFor, PartialFailure, PmtError, toPmtError } from './errors.js';
import { safeLine, sanitize } from './safe-text.js';
import { redactSecrets, registerSecret, secretSources } from './secrets.js';
import { configDir } from './config-dir.js';
import { streamColor, writeStdout } from './render/io.js';
import { VERSION } from './version.js';

export { VERSION };

function wantsJson(argv: string[]): boolean {
  return argv.includes('--json') || argv.includes('--ndjson');
}

/**
 * Print an error as one line (the error object with --json) and return its exit code. Every
 * printed string goes through `safeLine`: no registered secret, no control character or escape
 * sequence from an upstream message, never more than one line. The stack (only with --verbose)
 * is scrubbed of secrets too.
 */
export function reportError(err: unknown, argv: string[], stderr: NodeJS.WritableStream = process.stderr): number {
  registerConfiguredSecrets(process.env);
  // A call that spanned exchanges reports each exchange's failure; the exit code is the first's.
  if (err instanceof PartialFailure) {
    const codes = err.failures.map((f) => reportOne(f, argv, stderr));
    return codes[0]!;
  }
  return reportOne(err, argv, stderr);
}

function reportOne(err: unknown, argv: string[], stderr: NodeJS.WritableStream): number {
  const e = toPmtError(err);
  const code = exitCodeFor(e);
  const msg = safeLine(e.message) || 'unexpected error';
  if (wantsJson(argv)) {
    stderr.write(JSON.stringify({ kind: e.kind, message: msg, ...e.details }) + '\n');
  } else {
    const color = streamColor(process.env, stderr as { isTTY?: boolean }, argv.includes('--no-color'));
    const label = e.cancelled ? 'cancelled' : 'error';
    const head = color ? `\u001b[31m${label}\u001b[39m` : label;
    const hint = e.hint ? ` (hint: ${safeLine(e.hint)})` : '';
    const kind = e.usage || e.cancelled ? '' : ` [${e.kind}]`;
    stderr.write(`${head}: ${msg}${kind}${hint}\n`);
  }
  if (argv.includes('--verbose') && !(err instanceof PmtError && (err.usage || err.cancelled))) {
    const cause = err instanceof PmtError ? err.cause : err;
    const stack = cause instanceof Error ? cause.stack : err instanceof Error ? err.stack : undefined;
    // Upstream text can sit in a stack's first line (the message): every line through the one sanitizer.
    if (stack) stderr.write(redactSecrets(stack).split('\n').map((l) => sanitize(l)).join('\n') + '\n');
  }
  return code;
}

/**
 * Before printing an error, learn every secret this run could hold, even if the failure came
 * before credentials were resolved (a bad flag): the secret variables, the key files they name,
 * and the secret fields of the profile store, as the manifests declare them (secrets.ts
 * `secretSources`, set when the exchange registry loads). Best effort: a file that cannot be
 * read holds nothing to leak.
 */
function registerConfiguredSecrets(env: NodeJS.ProcessEnv): void {
  const src = secretSources();
  for (const k of src.env) registerSecret(env[k]);
  const read = (path: string | undefined) => {
    try {
      return path ? readFileSync(path, 'utf8') : undefined;
    } catch {
      return undefined;
    }
  };
  for (const k of src.files) registerSecret(read(env[k]));
  const store = read(join(configDir(env), 'profiles.json'));
  if (!store) return;
  const fields = new Set(src.fields);
  const files = new Set(src.fileFields);
  try {
    const walk = (v: unknown, key = ''): void => {
      if (typeof v === 'string') {
        if (fields.has(key)) registerSecret(v);
        if (files.has(key)) registerSecret(read(v));
      } else if (v && typeof v === 'object') {
        for (const [k, x] of Object.entries(v)) walk(x, k);
      }
    };
    walk(JSON.parse(store));
  } catch {
    /* an unreadable store is reported by whoever reads it */
  }
}

/** Run pmt with process-style argv; resolves to the exit code. */
export async function main(argv: string[] = process.argv): Promise<number> {
  const user = argv.slice(2);
  // The version needs no command tree: scripts call this in loops.
  // `pmt version` too, as gh and kubectl have it.
  if (user.length === 1 && (user[0] === '--version' || user[0] === '-V' || user[0] === 'version')) {
    writeStdout(`${VERSION}\n`);
    return 0;
  }
  // Shells run `pmt completion <shell>` at every start: the script the build generated from
  // this same command tree (scripts/build.mjs), printed as it is.
  if (user.length === 2 && user[0] === 'completion') {
    const script = builtCompletion(user[1]!);
    if (script !== undefined) {
      writeStdout(script);
      return 0;
    }
  }
  // What the completion scripts ask at Tab time: before the command tree, which only the outcomes
  // need; a read abandoned at its deadline must not hold the shell, so then the process ends here.
  if (user[0] === '__complete') {
    const r = await (await import('./commands/complete.js')).complete(user.slice(1), async () => (await import('./program.js')).buildProgram());
    if (r.lines.length) writeStdout(r.lines.join('\n') + '\n');
    if (r.abandoned) setTimeout(() => process.exit(0), 20).unref();
    return 0;
  }
  try {
    const { runProgram } = await import('./program.js');
    return await runProgram(argv);
  } catch (err) {
    return reportError(err, user);
  }
}

/**
 * The completion script generated at build time into dist/completion/ (undefined when running
 * from source, or when the file is missing: the command then builds it from the tree).
 */
function builtCompletion(shell: string): string | undefined {
  if (!/^(bash|zsh|fish)$/.test(shell) || typeof __dirname !== 'string') return undefined;
  try {
    return readFileSync(join(__dirname, 'completion', `pmt.${shell}`), 'utf8');
  } catch {
    return undefined;
  }
}
