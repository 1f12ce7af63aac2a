/**
 * The few viem functions pmt signs with, as named imports so the bundler keeps only them (the
 * `viem/accounts` namespace alone drags in every BIP-39 wordlist). Loaded only through
 * `loadViem()` in wallet.ts, never at start-up.
 */
export { privateKeyToAccount } from 'viem/accounts';
export { getAddress, hashStruct, hashTypedData, isAddress } from 'viem/utils';
