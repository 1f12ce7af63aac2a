/**
 * The append-only JSON-lines files pmt keeps in its config directory (the order journal,
 * `pmt serve`'s idempotency keys), written and read so that neither size nor faults can make
 * them lie:
 *
 * - Appending checks every byte went out (a short write under a file-size limit or a full disk is
 *   an error, not a success), rolls a partial line back, and starts on a fresh line when an
 *   earlier writer was cut mid-line, so one torn line never glues itself to the next.
 * - Reading streams the file in chunks (no whole-file string: a file past V8's string limit,
 *   ~512 MiB, is read like any other), names torn or foreign lines by number, and fails closed:
 *   a file that exists but cannot be read is an error, never "empty".
 * - Keyed lookups go through an index beside the file (`<file>.idx/`): 4096 bucket files mapping
 *   an id to the offsets of the lines that carry it, and `at`, how far the file is indexed. A
 *   lookup reads one bucket, the few lines it names, and whatever was appended since the index
 *   last caught up; never the whole file. The index is derived data: lost, stale or unwritable,
 *   it is rebuilt or bypassed (the unindexed tail is scanned in memory), and two processes
 *   catching it up at once only add duplicate offsets, which lookups ignore.
 */
import { closeSync, existsSync, fstatSync, lstatSync, ftruncateSync, fsyncSync, mkdirSync, openSync, readFileSync, readSync, renameSync, rmSync, statSync, writeFileSync, writeSync, appendFileSync, chmodSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { PmtError } from './errors.js';

const NL = 0x0a;
const CHUNK = 1 << 20;
/** A "line" longer than this is garbage (no record is near it): skipped, never buffered whole. */
export const MAX_LINE = 1 << 20;

/** Bytes read from line files by this process (tests check lookups stay small). */
export const readStats = { bytes: 0 };

/**
 * Append one line to a file only its owner may read (0600, in a 0700 directory made if missing);
 * `durable` flushes it to disk before returning. Every byte is written or the call throws (and a
 * partial line is cut back off); after a torn last line the new one starts on a line of its own.
 */
export function appendPrivateLine(path: string, line: string, durable: boolean): void {
  const dir = dirname(path);
  if (!existsSync(dir)) mkdirSync(dir, { recursive: true, mode: 0o700 });
  checkPrivatePlace(dir, path);
  const fd = openSync(path, 'a+', 0o600);
  try {
    const size = fstatSync(fd).size;
    let buf = Buffer.from(line, 'utf8');
    if (size > 0) {
      const last = Buffer.alloc(1);
      readSync(fd, last, 0, 1, size - 1);
      if (last[0] !== NL) buf = Buffer.concat([Buffer.from('\n'), buf]);
    }
    let done = 0;
    try {
      while (done < buf.length) {
        const n = writeSync(fd, buf, done, buf.length - done);
        if (!(n > 0)) throw Object.assign(new Error(`short write: ${done} of ${buf.length} bytes`), { code: 'EIO' });
        done += n;
      }
      if (durable) fsyncSync(fd);
    } catch (e) {
      // Cut a partial line back off, unless another writer appended meanwhile (then the next
      // append starts on a fresh line, and readers name the torn one).
      try {
        if (done > 0 && fstatSync(fd).size === size + done) ftruncateSync(fd, size);
      } catch {
        /* keep the first error */
      }
      throw e;
    }
  } finally {
    closeSync(fd);
  }
  if ((statSync(path).mode & 0o777) !== 0o600) chmodSync(path, 0o600);
}

/**
 * The directory a private file is written in: ours and writable by nobody else (a world-writable
 * PMT_CONFIG_DIR such as /tmp lets another user pre-create or swap the file), as the profile store
 * requires of it; and the file, if there, a regular file of ours (never a symlink). Never chmodded.
 */
export function checkPrivatePlace(dir: string, file: string): void {
  if (process.platform === 'win32') return;
  const me = typeof process.getuid === 'function' ? process.getuid() : undefined;
  const st = statSync(dir);
  const fix = `point PMT_CONFIG_DIR at a directory only you can write, e.g. \`mkdir -m 700 ~/.pmt && export PMT_CONFIG_DIR=~/.pmt\``;
  if (me !== undefined && st.uid !== me) {
    throw new PmtError('Config', `the config directory ${dir} belongs to another user (uid ${st.uid}): pmt writes ${basename(file)} only in a directory you own`, { hint: fix });
  }
  const mode = st.mode & 0o7777;
  if (mode & 0o022) {
    throw new PmtError('Config', `the config directory ${dir} is writable by other users (mode ${mode.toString(8)}): anyone could pre-create or replace ${basename(file)}`, {
      hint: `run \`chmod 700 ${dir}\`, or ${fix}`,
    });
  }
  let f;
  try {
    f = lstatSync(file);
  } catch {
    return; // not there yet
  }
  if (f.isSymbolicLink() || !f.isFile() || (me !== undefined && f.uid !== me)) {
    throw new PmtError('Config', `${file} is not a regular file of your own: pmt does not write into it`, { hint: `move it away, or ${fix}` });
  }
}

/** A file that exists but cannot be read: the caller must stop, never treat it as empty. */
export function unreadable(path: string, e: unknown, what: string): PmtError {
  const code = (e as NodeJS.ErrnoException)?.code ?? (e instanceof Error ? e.message : 'error');
  return new PmtError('Config', `cannot read ${what} ${path} (${code}); nothing that depends on it is done`, {
    hint: `check the file: it must be a readable file of your own (move it away to start afresh, after settling any order it names)`,
  });
}

export interface Line {
  /** 1-based line number, when the scan started at the beginning of the file. */
  n: number;
  /** Byte offset of the line's first byte. */
  offset: number;
  text: string;
}

/**
 * Every complete line of `path` from `from` to `to` (default: the end), in order; a last line
 * without its newline is not complete (a writer is mid-way or was cut) and is not returned.
 * Returns the offset just past the last complete line. ENOENT is an empty file; any other
 * failure throws `unreadable`.
 */
export function scanLines(path: string, each: (l: Line) => void, what: string, from = 0, to?: number): number {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return from;
    throw unreadable(path, e, what);
  }
  try {
    const end = to ?? fstatSync(fd).size;
    const buf = Buffer.alloc(CHUNK);
    let pos = from;
    let carry: Buffer[] = [];
    let carryLen = 0;
    let skipping = false;
    let lineStart = from;
    let n = 0;
    let complete = from;
    while (pos < end) {
      const got = readSync(fd, buf, 0, Math.min(CHUNK, end - pos), pos);
      if (got <= 0) break;
      readStats.bytes += got;
      let i = 0;
      while (i < got) {
        const j = buf.indexOf(NL, i);
        if (j === -1 || j >= got) {
          if (!skipping) {
            if (carryLen + (got - i) > MAX_LINE) {
              skipping = true;
              carry = [];
              carryLen = 0;
            } else {
              carry.push(Buffer.from(buf.subarray(i, got)));
              carryLen += got - i;
            }
          }
          break;
        }
        n++;
        if (!skipping) {
          const part = buf.subarray(i, j);
          const text = carryLen ? Buffer.concat([...carry, part]).toString('utf8') : part.toString('utf8');
          each({ n, offset: lineStart, text });
        } else {
          each({ n, offset: lineStart, text: '\u0000(a line longer than 1 MiB)' });
        }
        carry = [];
        carryLen = 0;
        skipping = false;
        lineStart = pos + j + 1;
        complete = lineStart;
        i = j + 1;
      }
      pos += got;
    }
    return complete;
  } catch (e) {
    if (e instanceof PmtError) throw e;
    throw unreadable(path, e, what);
  } finally {
    closeSync(fd);
  }
}

/** The line starting at `offset` (bounded), or null when there is no complete line there. */
export function lineAt(path: string, offset: number, what: string): string | null {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (e) {
    throw unreadable(path, e, what);
  }
  try {
    const parts: Buffer[] = [];
    let pos = offset;
    const buf = Buffer.alloc(4096);
    for (let total = 0; total < MAX_LINE; ) {
      const got = readSync(fd, buf, 0, buf.length, pos);
      if (got <= 0) return null;
      readStats.bytes += got;
      const j = buf.subarray(0, got).indexOf(NL);
      if (j !== -1) {
        parts.push(Buffer.from(buf.subarray(0, j)));
        return Buffer.concat(parts).toString('utf8');
      }
      parts.push(Buffer.from(buf.subarray(0, got)));
      pos += got;
      total += got;
    }
    return null;
  } catch (e) {
    throw unreadable(path, e, what);
  } finally {
    closeSync(fd);
  }
}

/** FNV-1a, 32 bits: which of 4096 buckets an id's offsets go in (no crypto module at start-up). */
function bucketOf(id: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) {
    h ^= id.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return ((h >>> 0) & 0xfff).toString(16).padStart(3, '0');
}

interface IndexState {
  /** The indexed file's identity: a file replaced or cut shorter is indexed afresh. */
  ino: number;
  at: number;
}

/**
 * The index of one JSON-lines file of flat records: `fields` are the string fields a line is
 * found by (their values are its ids).
 */
export class LineIndex {
  readonly dir: string;
  /** The fields' values, read without parsing the line (the index build's cost is JSON.parse). */
  private readonly scan: RegExp;

  constructor(
    readonly file: string,
    private readonly fields: readonly string[],
    private readonly what: string,
  ) {
    this.dir = `${file}.idx`;
    this.scan = new RegExp(`"(?:${fields.join('|')})":"([^"\\\\]{1,512})"`, 'g');
  }

  private ids(r: Record<string, unknown>): string[] {
    return this.fields.map((f) => r[f]).filter((v): v is string => typeof v === 'string' && v !== '');
  }

  /**
   * The ids of a line of text. Cheap and lenient: a value it misreads only costs an index entry
   * that lookups discard, since each line a lookup reads is parsed and checked against the id.
   */
  private idsOfText(text: string): Set<string> {
    const out = new Set<string>();
    for (const m of text.matchAll(this.scan)) out.add(m[1]!);
    if (out.size === 0 || text.includes('\\')) {
      // An escaped character somewhere: take the ids from the parsed line instead.
      const r = parse(text);
      return new Set(r ? this.ids(r) : []);
    }
    return out;
  }

  /**
   * Every line carrying `id` (oldest first): the bucket's offsets, then the lines appended since
   * the index last caught up. Throws `unreadable` when the file cannot be read.
   */
  find(id: string): Array<Record<string, unknown>> {
    const { state, tail } = this.catchUp(id);
    const offsets = new Set<number>();
    const prefix = `[${JSON.stringify(id)},`;
    let text = '';
    try {
      if (state.at > 0) text = readFileSync(join(this.dir, bucketOf(id)), 'utf8');
      readStats.bytes += Buffer.byteLength(text);
    } catch {
      /* an empty bucket */
    }
    for (const l of text.split('\n')) {
      if (!l.startsWith(prefix)) continue;
      try {
        const [, off] = JSON.parse(l) as [string, number];
        if (Number.isSafeInteger(off) && off < state.at) offsets.add(off);
      } catch {
        /* a torn index line: the next catch-up after a rebuild has it */
      }
    }
    const out: Array<{ off: number; r: Record<string, unknown> }> = [];
    for (const off of offsets) {
      const line = lineAt(this.file, off, this.what);
      const r = line === null ? null : parse(line);
      if (r && this.ids(r).includes(id)) out.push({ off, r });
    }
    for (const t of tail) if (this.ids(t.r).includes(id)) out.push(t);
    return out.sort((a, b) => a.off - b.off).map((x) => x.r);
  }

  /**
   * Index what was appended since the last time (the first time: the whole file, once), in
   * batches of bounded size. `want`: the lines carrying this id are also returned as `tail` when
   * the index cannot be written (full disk, read-only directory), so the lookup is still answered.
   */
  catchUp(want?: string): { state: IndexState; tail: Array<{ off: number; r: Record<string, unknown> }> } {
    let st;
    try {
      st = statSync(this.file);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return { state: { ino: 0, at: 0 }, tail: [] };
      throw unreadable(this.file, e, this.what);
    }
    if (!st.isFile()) throw unreadable(this.file, Object.assign(new Error('not a regular file'), { code: 'not a regular file' }), this.what);
    // An index pmt may not write (an unsafe directory, a foreign index directory) is not trusted
    // either: the file is read from the start, and nothing is written.
    const writable = this.writable();
    let state = writable ? this.state() : { ino: st.ino, at: 0 };
    if (!state || state.ino !== st.ino || state.at > st.size) {
      this.reset();
      state = { ino: st.ino, at: 0 };
    }
    if (state.at === st.size) return { state, tail: [] };
    const tail: Array<{ off: number; r: Record<string, unknown> }> = [];
    const buckets = new Map<string, string[]>();
    let pending = 0;
    // Index files are written only where the file itself may be (a private directory) and only
    // into an index directory of our own; elsewhere lookups are answered from the tail.
    let failed = !writable;
    const flush = () => {
      if (failed) return;
      try {
        if (!existsSync(this.dir)) mkdirSync(this.dir, { recursive: true, mode: 0o700 });
        for (const [b, lines] of buckets) appendFileSync(join(this.dir, b), lines.join(''), { mode: 0o600 });
      } catch {
        failed = true;
      }
      buckets.clear();
      pending = 0;
    };
    const at = scanLines(
      this.file,
      (l) => {
        const ids = this.idsOfText(l.text);
        if (want !== undefined && ids.has(want)) {
          const r = parse(l.text);
          if (r && this.ids(r).includes(want)) tail.push({ off: l.offset, r });
        }
        if (failed) return;
        for (const id of ids) {
          if (typeof id !== 'string' || id === '') continue;
          const b = bucketOf(id);
          const line = `[${JSON.stringify(id)},${l.offset}]\n`;
          const list = buckets.get(b);
          if (list) list.push(line);
          else buckets.set(b, [line]);
          pending += line.length;
        }
        if (pending > 8 << 20) flush();
      },
      this.what,
      state.at,
      st.size,
    );
    flush();
    if (!failed) {
      try {
        const tmp = join(this.dir, `at.${process.pid}`);
        writeFileSync(tmp, JSON.stringify({ ino: st.ino, at }), { mode: 0o600 });
        renameSync(tmp, join(this.dir, 'at'));
        return { state: { ino: st.ino, at }, tail: [] };
      } catch {
        /* answered from the tail below */
      }
    }
    // The index could not be brought up to date: answer from what was just read.
    return { state, tail };
  }

  private writable(): boolean {
    try {
      checkPrivatePlace(dirname(this.file), this.file);
      const st = lstatSync(this.dir);
      const me = typeof process.getuid === 'function' ? process.getuid() : undefined;
      return st.isDirectory() && !st.isSymbolicLink() && (me === undefined || st.uid === me) && (st.mode & 0o022) === 0;
    } catch (e) {
      return (e as NodeJS.ErrnoException).code === 'ENOENT';
    }
  }

  private state(): IndexState | undefined {
    try {
      const s = JSON.parse(readFileSync(join(this.dir, 'at'), 'utf8')) as IndexState;
      return Number.isSafeInteger(s.at) && Number.isSafeInteger(s.ino) ? s : undefined;
    } catch {
      return undefined;
    }
  }

  private reset(): void {
    try {
      rmSync(this.dir, { recursive: true, force: true });
    } catch {
      /* rebuilt over whatever is left; lookups check every line they read */
    }
  }
}

function parse(text: string): Record<string, unknown> | null {
  try {
    const r = JSON.parse(text) as unknown;
    return r && typeof r === 'object' && !Array.isArray(r) ? (r as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
