import { hash } from 'starknet';

import { genesisEnv } from './genesis-family';
import type { GenesisFamily, GenesisTx } from './genesis-family';
import { ERC20_CLASS_HASH, STRK_ADDRESS } from '../base/constants';
import { shortString } from '../base/felt';
import { deployContract, emit, selectorOf } from '../contracts/calls';
import { initToken, mintTo, shortByteArray } from '../contracts/erc20';
import { POOL_SLOTS } from '../contracts/pool-members';
import {
  btcTokenAddressOf,
  eventFelts,
  POOL_CLASS_HASH,
  REWARD_SUPPLIER_ADDRESS,
  REWARD_SUPPLIER_CLASS_HASH,
  STAKING_CLASS_HASH,
  STAKING_EVENTS,
  stakingAddressOf,
} from '../contracts/staking-protocol';
import { SLOTS } from '../contracts/staking-state';
import { varSlot, writeSlot } from '../contracts/storage-vars';
import type { CallContext, ExecEnv } from '../contracts/types';

/**
 * The local chain's staking at genesis: the staking contract at the
 * network's address, the reward supplier (funded with STRK to pay rewards),
 * a BTC-like token (StarkGate's WBTC, 8 decimals, at the network's address;
 * each predeployed account holds 1 WBTC), and a few validators, each
 * announced as on Starknet by a transaction of its own in block 0 whose
 * events are the staking contract's NewStaker, CommissionInitialized and
 * NewDelegationPool (one per pool) — so a wallet finds them as it does on
 * Sepolia, by those events and then `staker_pool_info`.
 */

const STRK = 10n ** 18n;
const WBTC = 10n ** 8n;

/** What the reward supplier holds to pay rewards. */
const REWARD_FUNDS = 100_000_000n * STRK;

/** A validator of the genesis. */
export type GenesisValidator = {
  staker: bigint;
  /** Basis points. */
  commission: bigint;
  ownStake: bigint;
  /** Tokens it opened a pool for (STRK, and the BTC token for one). */
  tokens: ('STRK' | 'BTC')[];
  /** Seconds after genesis it leaves (it has signalled its exit), if so. */
  leavesAfter?: number;
};

// An address of the local chain's own, from a name.
const localAddress = (name: string): bigint =>
  hash.starknetKeccak(`snapnet local ${name}`);

/** The genesis validators: different commissions, one with a BTC pool, one leaving. */
export const GENESIS_VALIDATORS: GenesisValidator[] = [
  {
    staker: localAddress('validator 1'),
    commission: 500n,
    ownStake: 20_000_000n * STRK,
    tokens: ['STRK'],
  },
  {
    staker: localAddress('validator 2'),
    commission: 1000n,
    ownStake: 10_000_000n * STRK,
    tokens: ['STRK', 'BTC'],
  },
  {
    staker: localAddress('validator 3'),
    commission: 250n,
    ownStake: 5_000_000n * STRK,
    tokens: ['STRK'],
  },
  {
    staker: localAddress('validator 4'),
    commission: 800n,
    ownStake: 1_000_000n * STRK,
    tokens: ['STRK'],
    leavesAfter: 7 * 24 * 60 * 60,
  },
];

/**
 * The address of a validator's pool for a token: as the staking contract
 * deploys it (its pool class, salted by the staker and the token).
 *
 * @param staking - The staking contract.
 * @param staker - The validator.
 * @param token - The token.
 * @returns The pool's address.
 */
export function poolAddressOf(
  staking: bigint,
  staker: bigint,
  token: bigint,
): bigint {
  return BigInt(
    hash.calculateContractAddressFromHash(
      hash.computePoseidonHashOnElements([staker, token]),
      POOL_CLASS_HASH,
      [],
      staking,
    ),
  );
}

/**
 * Writes a validator: its stake, commission and pools, and the events that
 * announce them.
 *
 * @param env - The genesis execution (its own events).
 * @param staking - The staking contract.
 * @param validator - The validator.
 * @param tokens - The STRK and BTC token addresses.
 * @param tokens.STRK - STRK.
 * @param tokens.BTC - The BTC token.
 * @param now - The genesis time.
 * @returns The validator's announcing transaction.
 */
function writeValidator(
  env: ExecEnv,
  staking: bigint,
  validator: GenesisValidator,
  tokens: Record<'STRK' | 'BTC', bigint>,
  now: number,
): GenesisTx {
  const { state } = env;
  const { staker, commission, ownStake } = validator;
  const ctx: CallContext = {
    env,
    self: staking,
    caller: staker,
    invocation: {
      contract: staking,
      selector: 0n,
      calldata: [],
      caller: staker,
      classHash: STAKING_CLASS_HASH,
      entryPointType: 'EXTERNAL',
      result: [],
      calls: [],
      events: [],
    },
  };
  const write = (slot: bigint, value: bigint): void =>
    writeSlot(state, staking, slot, value);
  const announce = (
    event: (typeof STAKING_EVENTS)[keyof typeof STAKING_EVENTS],
    values: Record<string, bigint>,
  ): void => {
    const { keys, data } = eventFelts(event, values);
    emit(ctx, keys, data);
  };
  write(SLOTS.stakerExists(staker), 1n);
  write(SLOTS.stakerReward(staker), staker);
  write(SLOTS.stakerOperational(staker), staker);
  write(SLOTS.stakerOwn(staker), ownStake);
  write(SLOTS.stakerCommission(staker), commission + 1n);
  if (validator.leavesAfter !== undefined) {
    write(SLOTS.stakerUnstakeTime(staker), BigInt(now + validator.leavesAfter));
  }
  mintTo(state, STRK_ADDRESS, staking, ownStake);
  announce(STAKING_EVENTS.NewStaker, {
    staker_address: staker,
    reward_address: staker,
    operational_address: staker,
    self_stake: ownStake,
  });
  announce(STAKING_EVENTS.CommissionInitialized, {
    staker_address: staker,
    commission,
  });
  const calls: bigint[] = [];
  validator.tokens.forEach((name, index) => {
    const token = tokens[name];
    const pool = poolAddressOf(staking, staker, token);
    deployContract(env, staking, pool, POOL_CLASS_HASH, []);
    writeSlot(state, pool, POOL_SLOTS.staker, staker);
    writeSlot(state, pool, POOL_SLOTS.staking, staking);
    writeSlot(state, pool, POOL_SLOTS.token, token);
    write(SLOTS.pool(staker, BigInt(index)), pool);
    write(SLOTS.poolStaker(pool), staker);
    write(SLOTS.poolToken(pool), token);
    announce(STAKING_EVENTS.NewDelegationPool, {
      staker_address: staker,
      pool_contract: pool,
      token_address: token,
      commission,
    });
    calls.push(staking, selectorOf('set_open_for_delegation'), 1n, token);
  });
  write(SLOTS.poolCount(staker), BigInt(validator.tokens.length));
  return {
    sender: staker,
    calldata: [BigInt(validator.tokens.length), ...calls],
    events: env.events,
  };
}

/**
 * The staking family of the genesis: the staking contracts, the BTC token
 * (1 WBTC to each predeployed account) and the validators, each announced
 * by a transaction of block 0.
 */
export const STAKING_GENESIS: GenesisFamily = {
  name: 'staking',
  write(state, context) {
    const { now, settings } = context;
    const newEnv = (): ExecEnv => genesisEnv(state, context);
    const env = newEnv();
    const staking = stakingAddressOf(settings.chainId);
    const btc = btcTokenAddressOf(settings.chainId);
    deployContract(env, 0n, btc, ERC20_CLASS_HASH, [
      ...shortByteArray(shortString('Wrapped BTC')),
      ...shortByteArray(shortString('WBTC')),
      8n,
      0n,
      0n,
      btc,
    ]);
    initToken(state, btc, {
      name: shortString('Wrapped BTC'),
      symbol: shortString('WBTC'),
      decimals: 8n,
    });
    for (const account of context.accounts) {
      mintTo(state, btc, account.address, WBTC);
    }
    deployContract(env, 0n, staking, STAKING_CLASS_HASH, []);
    writeSlot(state, staking, SLOTS.exitWait, BigInt(settings.exitWaitWindow));
    writeSlot(state, staking, SLOTS.genesisTime, BigInt(now));
    writeSlot(state, staking, SLOTS.tokenCount, 2n);
    writeSlot(state, staking, SLOTS.token(0n), STRK_ADDRESS);
    writeSlot(state, staking, SLOTS.token(1n), btc);
    deployContract(
      env,
      0n,
      REWARD_SUPPLIER_ADDRESS,
      REWARD_SUPPLIER_CLASS_HASH,
      [],
    );
    writeSlot(
      state,
      REWARD_SUPPLIER_ADDRESS,
      varSlot('staking_contract'),
      staking,
    );
    mintTo(state, STRK_ADDRESS, REWARD_SUPPLIER_ADDRESS, REWARD_FUNDS);
    const txs = GENESIS_VALIDATORS.map((validator) =>
      writeValidator(
        newEnv(),
        staking,
        validator,
        { STRK: STRK_ADDRESS, BTC: btc },
        now,
      ),
    );
    writeSlot(
      state,
      staking,
      SLOTS.tokenTotal(STRK_ADDRESS),
      GENESIS_VALIDATORS.reduce((sum, { ownStake }) => sum + ownStake, 0n),
    );
    return txs;
  },
};
