import { Account, ec, RpcProvider } from 'starknet';

import { STRK_ADDRESS, TESTNET_CHAIN_ID } from '../src/config';
import { accountAddress } from '../src/keys/address';
import { toHex } from '../src/protocol/values';
import { readNewDelegationPool, STAKING_EVENTS } from '../src/staking/events';
import { enterPoolCalls, STAKING_CONTRACTS } from '../src/staking/protocol';
import {
  LIQUID_STAKING,
  liquidStakeCalls,
  liquidUnstakeCall,
} from '../src/staking/vault';
import {
  ARGENT_CLASS_HASH,
  ensureArgentDeclared,
  WAIT,
} from '../test/chain/classes';
import { mintStrk, nodeRequest } from '../test/chain/node';
import { testPhraseKeys } from '../test/testKeys';
import type { LocalNode } from '@snapnet/local-node';

/**
 * The Stake view's bench: the bench state's 5 accounts deployed on the
 * local node and each staking in 3 of its genesis validators' STRK pools
 * (signed here with starknet.js, as any wallet would), so that the view
 * reads 15 real positions.
 */

const ONE_STRK = 10n ** 18n;
const VAULT = LIQUID_STAKING[TESTNET_CHAIN_ID]?.vault ?? '';

/**
 * The first STRK pools the local staking contract announced.
 *
 * @param node - The node.
 * @param count - How many.
 * @returns Their addresses.
 */
async function strkPools(node: LocalNode, count: number): Promise<string[]> {
  const answer = (await nodeRequest(node, 'starknet_getEvents', {
    filter: {
      address: STAKING_CONTRACTS[TESTNET_CHAIN_ID],
      keys: [[STAKING_EVENTS.NewDelegationPool.selector]],
      from_block: { block_number: 0 },
      to_block: 'latest',
      chunk_size: 100,
    },
  })) as { events: { keys: string[]; data: string[] }[] };
  const pools = answer.events.flatMap(({ keys, data }) => {
    const reading = readNewDelegationPool(keys, data);
    return 'value' in reading &&
      (reading.value.token === undefined ||
        reading.value.token === BigInt(STRK_ADDRESS))
      ? [toHex(reading.value.pool)]
      : [];
  });
  if (pools.length < count) {
    throw new Error(`The local node announced ${pools.length} STRK pools`);
  }
  return pools.slice(0, count);
}

/**
 * Deploys the bench state's accounts and stakes 10 STRK from each in each
 * of `poolCount` pools (one multicall per account).
 *
 * @param node - The bench node.
 * @param accounts - How many of the test phrase's accounts.
 * @param poolCount - In how many pools each stakes.
 */
export async function stakeFromBenchAccounts(
  node: LocalNode,
  accounts: number,
  poolCount: number,
): Promise<void> {
  await ensureArgentDeclared(node);
  const provider = new RpcProvider({ nodeUrl: node.url });
  const pools = await strkPools(node, poolCount);
  for (const { stark } of await testPhraseKeys(accounts)) {
    const publicKey = toHex(BigInt(ec.starkCurve.getStarkKey(stark)));
    const address = accountAddress(publicKey, 'argent-cairo1');
    await mintStrk(node, address, 1_000n * ONE_STRK);
    const account = new Account({ provider, address, signer: stark });
    const deployed = await account.deployAccount(
      {
        classHash: ARGENT_CLASS_HASH,
        constructorCalldata: [publicKey, '0'],
        addressSalt: publicKey,
      },
      { tip: 0n },
    );
    await provider.waitForTransaction(deployed.transaction_hash, WAIT);
    // Delegated to each pool, and liquid: xSTRK held and one of it in
    // Endur's withdrawal queue.
    const staked = await account.execute(
      [
        ...pools.flatMap((pool) =>
          enterPoolCalls({
            token: STRK_ADDRESS,
            pool,
            rewardAddress: address,
            amount: 10n * ONE_STRK,
          }),
        ),
        ...liquidStakeCalls(VAULT, 10n * ONE_STRK, address),
        liquidUnstakeCall(VAULT, ONE_STRK, address),
      ],
      { tip: 0n },
    );
    await provider.waitForTransaction(staked.transaction_hash, WAIT);
  }
}
