import { genesisEnv } from './genesis-family';
import type { GenesisFamily } from './genesis-family';
import { ERC20_CLASS_HASH, ETH_ADDRESS, STRK_ADDRESS } from '../base/constants';
import { shortString } from '../base/felt';
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
import {
  LEGACY_UDC_ADDRESS,
  UDC_ADDRESS,
  UDC_CLASS_HASH,
} from '../contracts/udc';

/** The fee tokens: address, name, symbol (18 decimals each). */
const FEE_TOKENS: [bigint, string, string][] = [
  [STRK_ADDRESS, 'Starknet Token', 'STRK'],
  [ETH_ADDRESS, 'Ether', 'ETH'],
];

/**
 * The core family of the genesis, first: the fee tokens, the UDCs, Pragma's
 * price oracle (contracts/pragma.ts), Starknet ID's naming contract (at the
 * address starknet.js knows for the chain) and the predeployed accounts,
 * funded with STRK and ETH.
 */
export const CORE_GENESIS: GenesisFamily = {
  name: 'core',
  write(state, context) {
    const { chainId, initialBalance } = context.settings;
    const env = genesisEnv(state, context);
    for (const [address, name, symbol] of FEE_TOKENS) {
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
    for (const account of context.accounts) {
      deployContract(env, 0n, account.address, OZ_CLASS_HASH, [
        account.publicKey,
      ]);
      for (const [token] of FEE_TOKENS) {
        mintTo(state, token, account.address, initialBalance);
      }
    }
    return [];
  },
};
