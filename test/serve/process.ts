/**
 * `pmt serve` as a real process (the built binary), on a free loopback port: waits for its
 * "listening on" line, exposes its stderr, and stops it with a signal. Build first.
 */
import { execa, type ResultPromise } from 'execa';
import { cleanEnv, PMT_BIN, tempConfigDir } from '../helpers/cli.js';
import { call, type CallInit } from './helpers.js';

export interface ServeProcess {
  url: string;
  proc: ResultPromise;
  /** Everything the server wrote on stderr so far. */
  stderr(): string;
  call(path: string, init?: CallInit): ReturnType<typeof call>;
  /** Send a signal and wait for the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number>;
  /** Wait for the exit code without signalling (after a signal the test sent itself). */
  exited(): Promise<number>;
}

export async function startServe(args: string[] = [], env: Record<string, string | undefined> = {}, o: { fileSizeLimitKiB?: number } = {}): Promise<ServeProcess> {
  const argv = ['serve', '--port', '0', ...args];
  // A file-size limit (bash `ulimit -f`, 1 KiB blocks): a full disk for files past that size.
  const [cmd, cmdArgs] = o.fileSizeLimitKiB === undefined ? [PMT_BIN, argv] : ['bash', ['-c', `ulimit -f ${o.fileSizeLimitKiB}; exec "$0" "$@"`, PMT_BIN, ...argv]];
  const proc = execa(cmd, cmdArgs, {
    env: cleanEnv({ PMT_CONFIG_DIR: tempConfigDir(), ...env }),
    extendEnv: false,
    reject: false,
    stdin: 'ignore',
    stdout: 'pipe',
    stderr: 'pipe',
  });
  let err = '';
  const url = await new Promise<string>((resolve, reject) => {
    proc.stderr!.on('data', (d: Buffer) => {
      err += d.toString('utf8');
      const m = /listening on (http:\/\/\S+)\/v1 /.exec(err);
      if (m) resolve(m[1]!);
    });
    void proc.then((r) => reject(new Error(`pmt serve exited with ${r.exitCode} before listening:\n${err}`)));
  });
  return {
    url,
    proc,
    stderr: () => err,
    call: (path, init) => call(url, path, init),
    async stop(signal: NodeJS.Signals = 'SIGTERM') {
      proc.kill(signal);
      const r = await proc;
      return r.exitCode ?? -1;
    },
    async exited() {
      const r = await proc;
      return r.exitCode ?? -1;
    },
  };
}
