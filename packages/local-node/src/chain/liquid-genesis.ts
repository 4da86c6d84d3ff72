import { genesisEnv } from './genesis-family';
import type { GenesisFamily } from './genesis-family';
import { GENESIS_VALIDATORS } from './staking-genesis';
import { STRK_ADDRESS } from '../base/constants';
import { shortString } from '../base/felt';
import { deployContract } from '../contracts/calls';
import {
  ENDUR_GENESIS_HOLDER,
  ENDUR_QUEUE_CLASS_HASH,
  ENDUR_TREASURY,
  ENDUR_VALIDATOR_REGISTRY,
  ENDUR_VAULT_CLASS_HASH,
  endurAddressesOf,
  QUEUE_SLOTS,
  VAULT_SLOTS,
} from '../contracts/endur-protocol';
import { initToken, mintTo } from '../contracts/erc20';
import { writeSlot, writeU256 } from '../contracts/storage-vars';

const STRK = 10n ** 18n;

/**
 * The vault's state at genesis: 10,000,000 xSTRK held by others, worth
 * 10,330,000 STRK (a rate of 1.033, about Mainnet's in 2025), so previews
 * and conversions are not 1:1 from the start. The predeployed accounts hold
 * none: they stake to get some.
 */
export const GENESIS_XSTRK_SUPPLY = 10_000_000n * STRK;
export const GENESIS_VAULT_ASSETS = 10_330_000n * STRK;

/**
 * What the vault holds beyond its assets to pay the growth (rewards) it
 * counts, ten years of it at the local rate.
 */
const REWARD_RESERVE = 10_000_000n * STRK;

/**
 * The liquid staking family of the genesis, after staking: Endur's xSTRK
 * vault and its withdrawal queue at the network's addresses
 * (contracts/endur-protocol.ts), the genesis validators whitelisted for
 * `deposit_to_validator`, the queue's wait the one the chain was started
 * with.
 */
export const LIQUID_GENESIS: GenesisFamily = {
  name: 'liquid staking',
  write(state, context) {
    const { vault, queue } = endurAddressesOf(context.settings.chainId);
    const env = genesisEnv(state, context);
    deployContract(env, 0n, vault, ENDUR_VAULT_CLASS_HASH, []);
    deployContract(env, 0n, queue, ENDUR_QUEUE_CLASS_HASH, []);
    initToken(state, vault, {
      name: shortString('Endur xSTRK'),
      symbol: shortString('xSTRK'),
      decimals: 18n,
    });
    const vaultSlot = (slot: bigint, value: bigint): void =>
      writeSlot(state, vault, slot, value);
    vaultSlot(VAULT_SLOTS.asset, STRK_ADDRESS);
    vaultSlot(VAULT_SLOTS.queue, queue);
    vaultSlot(VAULT_SLOTS.treasury, ENDUR_TREASURY);
    vaultSlot(VAULT_SLOTS.validatorRegistry, ENDUR_VALIDATOR_REGISTRY);
    vaultSlot(VAULT_SLOTS.checkpointTime, BigInt(context.now));
    writeU256(state, vault, VAULT_SLOTS.assets, GENESIS_VAULT_ASSETS);
    for (const { staker } of GENESIS_VALIDATORS) {
      vaultSlot(VAULT_SLOTS.validator(staker), 1n);
    }
    mintTo(state, vault, ENDUR_GENESIS_HOLDER, GENESIS_XSTRK_SUPPLY);
    mintTo(state, STRK_ADDRESS, vault, GENESIS_VAULT_ASSETS + REWARD_RESERVE);
    writeSlot(state, queue, QUEUE_SLOTS.vault, vault);
    writeSlot(state, queue, QUEUE_SLOTS.token, STRK_ADDRESS);
    writeSlot(
      state,
      queue,
      QUEUE_SLOTS.claimWait,
      BigInt(context.settings.liquidWithdrawalWait),
    );
    return [];
  },
};
