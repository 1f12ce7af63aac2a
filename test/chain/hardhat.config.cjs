// The local EVM for test/chain: Hardhat 2's EDR node on chain id 137 (Polygon's), nothing mined
// automatically beyond each transaction. Accounts are the default test mnemonic's.
module.exports = {
  networks: { hardhat: { chainId: 137, hardfork: 'cancun', initialBaseFeePerGas: 1_000_000_000, mining: { auto: true } } },
  paths: { root: __dirname, sources: './_none', cache: '../../node_modules/.cache/pmt-chain-hh', artifacts: '../../node_modules/.cache/pmt-chain-hh-artifacts' },
};
