import type { JsonSchema } from './json-schema';

/**
 * What the snap's named refinements (`refine(struct, name, check)`) mean in
 * JSON Schema. The check itself is code; its name is all a struct shows, so
 * each name used in the method table needs one line here. The generator
 * stops on a name it does not know rather than document a looser shape.
 *
 * Patterns describe the canonical value the refinement checks; when the
 * snap also coerces other inputs (decimal felts, short addresses), the
 * params schema shows those inputs next to it (see `coerce`).
 */
export const REFINEMENTS: Readonly<Record<string, JsonSchema>> = {
  felt: {
    pattern: '^0x[0-9a-fA-F]+$',
    description:
      'A felt: hex below the Stark prime (decimal text and safe integers are accepted too).',
  },
  u64: {
    description:
      'An unsigned integer below 2^64, as a felt (resource amounts and the tip: the transaction hash packs them in 64 bits).',
  },
  u128: {
    description:
      'An unsigned integer below 2^128, as a felt (resource prices: the transaction hash packs them in 128 bits).',
  },
  address: {
    pattern: '^0x[0-9a-fA-F]{64}$',
    description:
      'A Starknet address, below 2^251 and not zero: any hex form is accepted, answers use 0x + 64 lower-case hex digits.',
  },
  chainId: {
    pattern: '^0x[0-9a-fA-F]{1,62}$',
    description:
      'A Starknet chain id as hex text: a short string of 1 to 31 printable ASCII characters, e.g. 0x534e5f5345504f4c4941 (SN_SEPOLIA, Testnet) or 0x534e5f4d41494e (SN_MAIN, Mainnet).',
  },
  name: {
    minLength: 1,
    description:
      'A name shown in MetaMask: visible characters only (no control, bidirectional, zero-width or other invisible characters) and letters of one alphabet.',
  },
  'integer text': { pattern: '^[0-9]+$' },
  decimals: { pattern: '^[0-9]+$' },
  entrypoint: { minLength: 1 },
  signature: { minItems: 2 },
  'distinct contracts': {
    description:
      'Calls to at most 16 distinct contracts: each is looked up on chain (its class and ABI) before its calls are shown.',
  },
  symbol: { pattern: '^[A-Za-z0-9._-]+$' },
  rpcUrl: {
    pattern: '^https?://',
    description:
      "A node's JSON-RPC URL: https, or http on localhost only; no user name or password (an API key belongs in the path).",
  },
  logo: {
    pattern: '^ipfs://',
    description:
      'A token logo as ipfs://<content id>; the snap verifies the bytes against the content id.',
  },
};
