import { ec, hash } from 'starknet';

import type { Chain } from './chain';
import { devnetPrivateKeys } from './devnet-keys';
import {
  includeGenesisTransactions,
  writeStakingGenesis,
} from './staking-genesis';
import { writeSwapGenesis } from './swap-genesis';
import { ERC20_CLASS_HASH, ETH_ADDRESS, STRK_ADDRESS } from '../base/constants';
import { shortString, toHex } from '../base/felt';
import { Overlay, declaredKey } from '../base/state-store';
import { deployContract } from '../contracts/calls';
import { initToken, mintTo, shortByteArray } from '../contracts/erc20';
import { NAMING_CLASS_HASH, namingAddressOf } from '../contracts/naming';
import { OZ_CLASS_HASH } from '../contracts/oz';
import {
  DEFAULT_PRICES,
  PRAGMA_CLASS_HASH,
  pragmaAddressOf,
  setPrice,
} from '../contracts/pragma';
import type { ClassRegistry } from '../contracts/registry';
import type { ExecEnv } from '../contracts/types';
import {
  LEGACY_UDC_ADDRESS,
  UDC_ADDRESS,
  UDC_CLASS_HASH,
} from '../contracts/udc';

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
 * Writes the genesis state (block 0): predeclared classes, fee tokens, the
 * UDCs, Pragma's price oracle (see contracts/pragma.ts), Starknet ID's
 * naming contract (at the address starknet.js knows for the chain), funded
 * predeployed accounts, staking (staking-genesis.ts, whose validators'
 * announcements are block 0's transactions) and the swap market (AVNU's
 * exchange, pools and stablecoins, swap-genesis.ts); then closes block 0.
 *
 * @param chain - The chain.
 * @param registry - The class registry.
 * @param accounts - Predeployed accounts.
 * @param balance - Initial STRK and ETH balance of each account.
 * @param chainId - The chain id (which naming and staking addresses to use).
 * @param exitWaitWindow - The staking contract's exit wait, in seconds.
 */
export function writeGenesis(
  chain: Chain,
  registry: ClassRegistry,
  accounts: PredeployedAccount[],
  balance: bigint,
  chainId: string,
  exitWaitWindow: number,
): void {
  // Genesis takes no time on the chain's clock, however long it takes here.
  const genesisTime = chain.now();
  const state = new Overlay(chain.pendingState);
  for (const classHash of registry.predeclared) {
    state.write(declaredKey(classHash), classHash);
  }
  const env: ExecEnv = {
    state,
    tx: undefined,
    events: [],
    deployed: [],
    resolve: registry.resolve,
  };
  const tokens: [bigint, string, string][] = [
    [STRK_ADDRESS, 'Starknet Token', 'STRK'],
    [ETH_ADDRESS, 'Ether', 'ETH'],
  ];
  for (const [address, name, symbol] of tokens) {
    deployContract(env, 0n, address, ERC20_CLASS_HASH, [
      ...shortByteArray(shortString(name)),
      ...shortByteArray(shortString(symbol)),
      18n,
      0n,
      0n,
      address,
    ]);
    initToken(state, address, {
      name: shortString(name),
      symbol: shortString(symbol),
      decimals: 18n,
    });
  }
  deployContract(env, 0n, UDC_ADDRESS, UDC_CLASS_HASH, []);
  deployContract(env, 0n, LEGACY_UDC_ADDRESS, UDC_CLASS_HASH, []);
  deployContract(env, 0n, namingAddressOf(chainId), NAMING_CLASS_HASH, []);
  const oracle = pragmaAddressOf(chainId);
  deployContract(env, 0n, oracle, PRAGMA_CLASS_HASH, []);
  DEFAULT_PRICES.forEach((price) => setPrice(state, oracle, price));
  for (const account of accounts) {
    const address = BigInt(account.address);
    deployContract(env, 0n, address, OZ_CLASS_HASH, [
      BigInt(account.publicKey),
    ]);
    for (const [token] of tokens) {
      mintTo(state, token, address, balance);
    }
  }
  const stakingTxs = writeStakingGenesis(state, {
    chainId,
    exitWaitWindow,
    accounts: accounts.map((account) => BigInt(account.address)),
    resolve: registry.resolve,
    now: genesisTime,
  });
  writeSwapGenesis(state, { chainId, resolve: registry.resolve });
  chain.writeDirect(state.writes);
  includeGenesisTransactions(chain, stakingTxs);
  chain.setTime(genesisTime);
  chain.closeBlock();
}
