// Regenerate completions/pmt.{bash,zsh,fish} from the built binary's command tree:
//   npm run build && node scripts/gen-completions.mjs          (write)
//   node scripts/gen-completions.mjs --check                  (exit 1 if a file is stale)
// test/commands/completion.test.ts fails when the checked-in files drift from the tree.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync, mkdirSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const check = process.argv.includes('--check');
let stale = 0;
mkdirSync(join(root, 'completions'), { recursive: true });
for (const shell of ['bash', 'zsh', 'fish']) {
  const script = execFileSync(process.execPath, [join(root, 'bin/pmt'), 'completion', shell], {
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '', NO_COLOR: '1' },
  });
  const file = join(root, 'completions', `pmt.${shell}`);
  const current = existsSync(file) ? readFileSync(file, 'utf8') : null;
  if (current === script) continue;
  if (check) {
    process.stderr.write(`completions/pmt.${shell} is stale: run \`npm run build && node scripts/gen-completions.mjs\`\n`);
    stale += 1;
  } else {
    writeFileSync(file, script);
    process.stdout.write(`wrote completions/pmt.${shell}\n`);
  }
}
process.exitCode = stale ? 1 : 0;
