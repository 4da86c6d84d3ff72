import { ec, hash } from 'starknet';

import type { Chain } from './chain';
import { CORE_GENESIS } from './core-genesis';
import { devnetPrivateKeys } from './devnet-keys';
import { includeGenesisTransactions } from './genesis-family';
import type {
  GenesisContext,
  GenesisFamily,
  GenesisSettings,
  GenesisTx,
} from './genesis-family';
import { LIQUID_GENESIS } from './liquid-genesis';
import { STAKING_GENESIS } from './staking-genesis';
import { SWAP_GENESIS } from './swap-genesis';
import { toHex } from '../base/felt';
import { Overlay, declaredKey } from '../base/state-store';
import type { ClassRegistry } from '../contracts/registry';

export type PredeployedAccount = {
  address: string;
  privateKey: string;
  publicKey: string;
};

/**
 * The class hash starknet-devnet puts in its predeployed accounts' address
 * (a Cairo 0 OpenZeppelin account, kept from its Python predecessor), while
 * the accounts it deploys run the Cairo 1 class `OZ_CLASS_HASH`.
 */
const DEVNET_ADDRESS_CLASS_HASH =
  0x3fcbf77b28c96f4f2fb5bd2d176ab083a12a5e123adeb0de955d7ee228c9854n;
/** starknet-devnet's salt for its predeployed accounts. */
const DEVNET_ADDRESS_SALT = 20n;
/** starknet-devnet's seed is a u32. */
const MAX_SEED = 2 ** 32 - 1;

/**
 * starknet-devnet's predeployed accounts for a seed: the same keys and
 * addresses, so the accounts tutorials hard-code work on both nodes.
 *
 * @param seed - The seed (0 to 2^32 - 1, as starknet-devnet's `--seed`).
 * @param count - How many accounts.
 * @returns The accounts.
 */
export function deriveAccounts(
  seed: number,
  count: number,
): PredeployedAccount[] {
  if (!Number.isInteger(seed) || seed < 0 || seed > MAX_SEED) {
    throw new Error(`seed: expected an integer from 0 to ${MAX_SEED}`);
  }
  return devnetPrivateKeys(seed, count).map((key) => {
    const privateKey = toHex(key);
    const publicKey = toHex(BigInt(ec.starkCurve.getStarkKey(privateKey)));
    const address = toHex(
      BigInt(
        hash.calculateContractAddressFromHash(
          DEVNET_ADDRESS_SALT,
          DEVNET_ADDRESS_CLASS_HASH,
          [publicKey],
          0,
        ),
      ),
    );
    return { address, privateKey, publicKey };
  });
}

/**
 * The families of predeployed contracts, added at start in this order (a
 * family may use what an earlier one deployed: the swap market trades the
 * staking family's WBTC, liquid staking whitelists its validators).
 */
export const GENESIS_FAMILIES: readonly GenesisFamily[] = [
  CORE_GENESIS,
  STAKING_GENESIS,
  SWAP_GENESIS,
  LIQUID_GENESIS,
];

/**
 * Writes the genesis state (block 0): the predeclared classes, then each
 * family of GENESIS_FAMILIES in turn; includes their announcing
 * transactions (the staking validators') and closes block 0.
 *
 * @param chain - The chain.
 * @param registry - The class registry.
 * @param accounts - Predeployed accounts.
 * @param settings - How the chain was started.
 */
export function writeGenesis(
  chain: Chain,
  registry: ClassRegistry,
  accounts: PredeployedAccount[],
  settings: GenesisSettings,
): void {
  // Genesis takes no time on the chain's clock, however long it takes here.
  const genesisTime = chain.now();
  const state = new Overlay(chain.pendingState);
  for (const classHash of registry.predeclared) {
    state.write(declaredKey(classHash), classHash);
  }
  const context: GenesisContext = {
    settings,
    accounts: accounts.map((account) => ({
      address: BigInt(account.address),
      publicKey: BigInt(account.publicKey),
    })),
    resolve: registry.resolve,
    now: genesisTime,
  };
  const announced: [string, GenesisTx[]][] = GENESIS_FAMILIES.map((family) => [
    family.name,
    family.write(state, context),
  ]);
  chain.writeDirect(state.writes);
  for (const [family, txs] of announced) {
    includeGenesisTransactions(chain, family, txs);
  }
  chain.setTime(genesisTime);
  chain.closeBlock();
}
