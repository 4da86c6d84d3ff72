import { ec, hash } from 'starknet';

import type { Chain } from './chain';
import { ERC20_CLASS_HASH, ETH_ADDRESS, STRK_ADDRESS } from './constants';
import { shortString, toHex } from './felt';
import { Overlay, declaredKey } from './store';
import { deployContract } from '../contracts/calls';
import { initToken, mintTo, shortByteArray } from '../contracts/erc20';
import { OZ_CLASS_HASH } from '../contracts/oz';
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
 * Deterministic account keys from a seed (same seed, same accounts).
 *
 * @param seed - The seed.
 * @param count - How many accounts.
 * @returns The accounts.
 */
export function deriveAccounts(
  seed: number,
  count: number,
): PredeployedAccount[] {
  const accounts: PredeployedAccount[] = [];
  for (let i = 0; i < count; i++) {
    const material = hash.computePoseidonHashOnElements([
      shortString('snapnet-local-node'),
      BigInt(seed),
      BigInt(i),
    ]);
    const privateKey = toHex(BigInt(`0x${ec.starkCurve.grindKey(material)}`));
    const publicKey = toHex(BigInt(ec.starkCurve.getStarkKey(privateKey)));
    const address = toHex(
      BigInt(
        hash.calculateContractAddressFromHash(
          publicKey,
          OZ_CLASS_HASH,
          [publicKey],
          0,
        ),
      ),
    );
    accounts.push({ address, privateKey, publicKey });
  }
  return accounts;
}

/**
 * Writes the genesis state (block 0): predeclared classes, fee tokens, the
 * UDCs and funded predeployed accounts; then closes block 0.
 *
 * @param chain - The chain.
 * @param registry - The class registry.
 * @param accounts - Predeployed accounts.
 * @param balance - Initial STRK and ETH balance of each account.
 */
export function writeGenesis(
  chain: Chain,
  registry: ClassRegistry,
  accounts: PredeployedAccount[],
  balance: bigint,
): void {
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
  for (const account of accounts) {
    const address = BigInt(account.address);
    deployContract(env, 0n, address, OZ_CLASS_HASH, [
      BigInt(account.publicKey),
    ]);
    for (const [token] of tokens) {
      mintTo(state, token, address, balance);
    }
  }
  chain.writeDirect(state.writes);
  chain.closeBlock();
}
