/**
 * Compiles the contracts the local test chain runs, with solc-js, from sources in the npm registry
 * (installed as devDependencies) and pmt's own labelled stand-ins in ./contracts:
 *   - ConditionalTokens (@gnosis.pm/conditional-tokens-contracts 1.0.3, solc 0.5.17 via `solc-0.5`)
 *   - Safe, SafeProxyFactory, CompatibilityFallbackHandler (@safe-global/safe-contracts 1.4.1, solc 0.8.26)
 *   - StandInERC20 (USDC.e, pUSD), StandInCollateralAdapter, StandInProxyFactory, the neg-risk
 *     stand-ins (StandInNegRisk.sol), Protocol V2's Router and PositionManager (StandInProtocolV2.sol)
 *     and the deposit wallet with its factory (StandInDepositWallet.sol) (./contracts, solc 0.8.26)
 * Reproducible: fixed compiler versions and settings; the output is cached under
 * node_modules/.cache/pmt-chain keyed by a hash of every input, so a second run only reads it.
 * Usage: node test/chain/build.mjs  (prints the artifacts file path)
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../..');
const nm = join(root, 'node_modules');
const require = createRequire(import.meta.url);

const GROUPS = [
  {
    compiler: 'solc-0.5',
    sources: { '@gnosis.pm/conditional-tokens-contracts/contracts/ConditionalTokens.sol': null },
    want: { ConditionalTokens: '@gnosis.pm/conditional-tokens-contracts/contracts/ConditionalTokens.sol' },
    settings: { optimizer: { enabled: true, runs: 200 }, evmVersion: 'petersburg' },
  },
  {
    compiler: 'solc',
    sources: {
      '@safe-global/safe-contracts/contracts/Safe.sol': null,
      '@safe-global/safe-contracts/contracts/proxies/SafeProxyFactory.sol': null,
      '@safe-global/safe-contracts/contracts/handler/CompatibilityFallbackHandler.sol': null,
      'pmt/StandInERC20.sol': join(here, 'contracts/StandInERC20.sol'),
      'pmt/StandInCollateralAdapter.sol': join(here, 'contracts/StandInCollateralAdapter.sol'),
      'pmt/StandInProxyFactory.sol': join(here, 'contracts/StandInProxyFactory.sol'),
      'pmt/StandInNegRisk.sol': join(here, 'contracts/StandInNegRisk.sol'),
      'pmt/StandInProtocolV2.sol': join(here, 'contracts/StandInProtocolV2.sol'),
      'pmt/StandInDepositWallet.sol': join(here, 'contracts/StandInDepositWallet.sol'),
    },
    want: {
      Safe: '@safe-global/safe-contracts/contracts/Safe.sol',
      SafeProxyFactory: '@safe-global/safe-contracts/contracts/proxies/SafeProxyFactory.sol',
      CompatibilityFallbackHandler: '@safe-global/safe-contracts/contracts/handler/CompatibilityFallbackHandler.sol',
      StandInERC20: 'pmt/StandInERC20.sol',
      StandInCollateralAdapter: 'pmt/StandInCollateralAdapter.sol',
      StandInProxyFactory: 'pmt/StandInProxyFactory.sol',
      StandInWrappedCollateral: 'pmt/StandInNegRisk.sol',
      StandInNegRiskAdapter: 'pmt/StandInNegRisk.sol',
      StandInNegRiskCollateralAdapter: 'pmt/StandInNegRisk.sol',
      StandInPositionManager: 'pmt/StandInProtocolV2.sol',
      StandInRouter: 'pmt/StandInProtocolV2.sol',
      StandInDepositWalletFactory: 'pmt/StandInDepositWallet.sol',
    },
    settings: { optimizer: { enabled: true, runs: 200 }, evmVersion: 'paris' },
  },
];

function read(path, file) {
  return readFileSync(file ?? join(nm, path), 'utf8');
}

function compile(group) {
  const solc = require(group.compiler);
  const sources = {};
  for (const [path, file] of Object.entries(group.sources)) sources[path] = { content: read(path, file) };
  const input = {
    language: 'Solidity',
    sources,
    settings: { ...group.settings, outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object', 'evm.deployedBytecode.object'] } } },
  };
  const findImports = (path) => {
    const file = join(nm, path);
    return existsSync(file) ? { contents: readFileSync(file, 'utf8') } : { error: `not found: ${path}` };
  };
  const out = JSON.parse(solc.compile(JSON.stringify(input), { import: findImports }));
  const errors = (out.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length) throw new Error(errors.map((e) => e.formattedMessage).join('\n'));
  const result = {};
  for (const [name, path] of Object.entries(group.want)) {
    const c = out.contracts[path][name];
    result[name] = { abi: c.abi, bytecode: `0x${c.evm.bytecode.object}`, deployedBytecode: `0x${c.evm.deployedBytecode.object}` };
  }
  return result;
}

export function artifactsPath() {
  const h = createHash('sha256');
  for (const g of GROUPS) {
    h.update(g.compiler + require(`${g.compiler}/package.json`).version + JSON.stringify(g.settings));
    for (const [path, file] of Object.entries(g.sources)) h.update(path).update(read(path, file));
  }
  return join(nm, '.cache', 'pmt-chain', `artifacts-${h.digest('hex').slice(0, 16)}.json`);
}

/** The artifacts (compiled once per input hash). */
export function buildArtifacts() {
  const file = artifactsPath();
  if (!existsSync(file)) {
    const all = {};
    for (const g of GROUPS) Object.assign(all, compile(g));
    mkdirSync(dirname(file), { recursive: true });
    // A name of this process's own: two test files may compile at once (the rename is atomic).
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(all));
    renameSync(tmp, file);
  }
  return JSON.parse(readFileSync(file, 'utf8'));
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  buildArtifacts();
  console.log(artifactsPath());
}
