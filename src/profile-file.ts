/**
 * The profile store's file on disk: where it may live, how it is read, and how it is changed.
 *
 * - The directory: created 0700 when pmt creates it. A directory pmt did not create is never
 *   chmodded (PMT_CONFIG_DIR may point at a shared one): owned by another user, or writable by
 *   group/others (anyone could swap the file), it is refused with the command that fixes it.
 * - The file: 0600. A looser one (0644 left by an editor or a copy) is tightened, and pmt says so.
 * - Every read-modify-write runs under a lock (proper-lockfile, `profiles.json.lock`), reads the
 *   file afresh inside it, and replaces the file atomically: a temp file opened 0600 with O_EXCL,
 *   synced, renamed over. Temp files a killed writer left behind (they hold keys) are deleted by
 *   the next writer, under the lock, so none can survive a later `profile remove`.
 */
import { closeSync, fsyncSync, lstatSync, mkdirSync, openSync, readdirSync, renameSync, statSync, chmodSync, unlinkSync, writeSync, readFileSync, existsSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { PmtError } from './errors.js';
import { describeJsonError } from './safe-text.js';

const TEMP_PREFIX = '.tmp-';
const uid = () => (typeof process.getuid === 'function' ? process.getuid() : undefined);
const posix = process.platform !== 'win32';

/** Make sure the directory exists and is safe to keep secrets in; creates it 0700 if missing. */
export function prepareDir(dir: string): void {
  let created = false;
  if (!existsSync(dir)) {
    try {
      created = mkdirSync(dir, { recursive: true, mode: 0o700 }) !== undefined;
      if (created && posix) chmodSync(dir, 0o700); // exactly 0700 whatever the umask
    } catch (e) {
      throw new PmtError('Config', `cannot create the profile directory ${dir}: ${(e as Error).message}`);
    }
  }
  if (!created) checkDir(dir);
}

/** An existing directory: ours, and not writable by anyone else. Never chmodded. */
export function checkDir(dir: string): void {
  if (!posix) return;
  let st;
  try {
    st = statSync(dir);
  } catch (e) {
    throw new PmtError('Config', `cannot read the profile directory ${dir}: ${(e as NodeJS.ErrnoException).code ?? 'error'}`);
  }
  if (!st.isDirectory()) throw new PmtError('Config', `the profile directory ${dir} is not a directory`, { hint: 'point PMT_CONFIG_DIR at a directory' });
  const me = uid();
  if (me !== undefined && st.uid !== me) {
    throw new PmtError('Config', `the profile directory ${dir} belongs to another user (uid ${st.uid}); pmt keeps keys only in a directory you own`, {
      hint: 'point PMT_CONFIG_DIR at a directory of your own, e.g. `mkdir -m 700 ~/.pmt && export PMT_CONFIG_DIR=~/.pmt`',
    });
  }
  const mode = st.mode & 0o777;
  if (mode & 0o022) {
    throw new PmtError('Config', `the profile directory ${dir} is writable by other users (mode ${mode.toString(8)}): anyone could replace the store that holds your keys`, {
      hint: `run \`chmod 700 ${dir}\`, or point PMT_CONFIG_DIR at a directory only you can write`,
    });
  }
}

/**
 * An existing store file: ours and 0600. A looser mode is tightened (and said through `warn`);
 * another owner or a symlink is refused.
 */
export function checkFile(file: string, warn?: (line: string) => void): void {
  if (!posix) return;
  let st;
  try {
    st = lstatSync(file);
  } catch {
    return; // not there yet
  }
  if (st.isSymbolicLink() || !st.isFile()) {
    throw new PmtError('Config', `the profile store ${file} is not a regular file`, { hint: 'move it away and run `pmt profile add` again' });
  }
  const me = uid();
  if (me !== undefined && st.uid !== me) {
    throw new PmtError('Config', `the profile store ${file} belongs to another user (uid ${st.uid})`, { hint: 'move it away and run `pmt profile add` again' });
  }
  const mode = st.mode & 0o777;
  if (mode & 0o077) {
    try {
      chmodSync(file, 0o600);
    } catch (e) {
      throw new PmtError('Config', `the profile store ${file} is readable by other users (mode ${mode.toString(8)}) and cannot be fixed: ${(e as NodeJS.ErrnoException).code ?? 'error'}`, {
        hint: `run \`chmod 600 ${file}\``,
      });
    }
    warn?.(`the profile store ${file} was readable by other users (mode ${mode.toString(8)}); pmt set it to 600. Keys in it may have been read: consider rotating them`);
  }
}

/** The parsed file, or undefined when there is none. */
export function readJson<T>(file: string): T | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new PmtError('Config', `the profile store ${file} is unreadable: ${(e as NodeJS.ErrnoException).code ?? 'error'}`);
  }
  try {
    return JSON.parse(text) as T;
  } catch (e) {
    throw new PmtError('Config', `the profile store ${file} is unreadable: ${describeJsonError(e)}`, {
      hint: 'fix or remove the file, then run `pmt profile add`',
    });
  }
}

/** Replace `file` with `value` as JSON, atomically, never leaving a temp file on failure. */
export function writeJsonAtomic(file: string, value: unknown): void {
  // Unique enough with O_EXCL (and the lock): node:crypto stays out of every command's start-up.
  const tmp = `${file}${TEMP_PREFIX}${process.pid}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  let fd: number | undefined;
  try {
    fd = openSync(tmp, 'wx', 0o600);
    writeSync(fd, JSON.stringify(value, null, '\t'));
    fsyncSync(fd);
    closeSync(fd);
    fd = undefined;
    renameSync(tmp, file);
  } catch (e) {
    if (fd !== undefined) closeSync(fd);
    try {
      unlinkSync(tmp);
    } catch {
      /* never created */
    }
    throw new PmtError('Config', `cannot write the profile store ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
}

/** Delete temp files earlier writers left (killed mid-write). Only ever called under the lock. */
export function sweepTemps(file: string): void {
  const prefix = basename(file) + TEMP_PREFIX;
  let names: string[];
  try {
    names = readdirSync(dirname(file));
  } catch {
    return;
  }
  for (const n of names) {
    if (!n.startsWith(prefix)) continue;
    try {
      unlinkSync(join(dirname(file), n));
    } catch {
      /* gone already */
    }
  }
}

/**
 * Run `fn` holding the store's lock. A writer killed while holding it leaves a stale lock that
 * proper-lockfile takes over after `stale` ms; waiting is bounded (then a Config error).
 */
export async function withLock<T>(file: string, fn: () => T | Promise<T>): Promise<T> {
  const { withFileLock } = await import('./file-lock.js');
  return withFileLock(file, fn, {
    waitMs: 20_000,
    staleMs: 5000,
    busy: (e) =>
      new PmtError('Config', `the profile store ${file} is locked by another pmt: ${e.message}`, {
        hint: `try again; if no other pmt is running, remove ${file}.lock`,
      }),
  });
}
