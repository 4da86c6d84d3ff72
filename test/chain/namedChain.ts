import { hash, starknetId } from 'starknet';

import { deployAccount0 } from './actions';
import { ensureArgentDeclared } from './classes';
import { startHostileNode } from './hostile-node';
import type { HostileNode, SeenCall } from './hostile-node';
import { mintStrk, nodeRequest, ONE_STRK } from './node';
import { ACCOUNT_0 } from '../fixtures';
import { installSharedWallet } from '../installedWallet';
import type { Wallet } from '../installedWallet';
import { TEST_NODE_PORT } from '../ports';
import { startLocalNode } from '@snapnet/local-node';
import type { LocalNode } from '@snapnet/local-node';

/**
 * The chain the Starknet ID tests share: the snap's Testnet node is a
 * hostile node in front of a local node whose naming contract (at the
 * Sepolia address starknet.js knows) holds the records a test sets, so a
 * test can also make the naming contract answer garbage. Account 0 is
 * deployed; a drainer's reverse record claims `uniswap.stark`, which
 * resolves elsewhere, and the (lying) naming contract answers it.
 */

export const NAMING = starknetId.StarknetIdContract.TESTNET_SEPOLIA;
export const ALICE = `0x${'a11ce'.padStart(64, '0')}`;
export const DRAINER = `0x${'d7a1'.padStart(64, '0')}`;
export const UNISWAP = `0x${'5'.padStart(64, '0')}`;

/** The chain's parts, for a test file's hooks. */
export type NamedChain = {
  real: LocalNode;
  front: HostileNode;
  wallet: Wallet;
};

/**
 * Sets a name on the local node.
 *
 * @param real - The local node.
 * @param params - local_setStarkName's params.
 */
export async function setName(
  real: LocalNode,
  params: Record<string, string>,
): Promise<void> {
  await nodeRequest(real, 'local_setStarkName', params);
}

/**
 * Starts the chain: alice.stark and uniswap.stark resolve both ways, the
 * drainer's lying reverse record, and the names a file adds.
 *
 * @param names - More names (name → address), set both ways.
 * @returns The chain.
 */
export async function startNamedChain(
  names: Record<string, string> = {},
): Promise<NamedChain> {
  const real = await startLocalNode({ host: '127.0.0.1', seed: 42 });
  await ensureArgentDeclared(real);
  await mintStrk(real, ACCOUNT_0.address, 100n * ONE_STRK);
  const front = await startHostileNode({
    target: real.url,
    port: TEST_NODE_PORT,
  });
  const wallet = await installSharedWallet();
  await deployAccount0(wallet);
  const both = { 'alice.stark': ALICE, ...names, 'uniswap.stark': UNISWAP };
  for (const [name, address] of Object.entries(both)) {
    await setName(real, { name, address });
  }
  await setName(real, {
    name: 'uniswap.stark',
    address: DRAINER,
    records: 'reverse-unchecked',
  });
  return { real, front, wallet };
}

/**
 * Stops the chain.
 *
 * @param chain - What startNamedChain started.
 */
export async function stopNamedChain(chain: NamedChain): Promise<void> {
  await chain.front.close();
  await chain.real.stop();
}

/**
 * Whether a call is a lookup on the naming contract.
 *
 * @param call - The call.
 * @param entrypoint - The lookup.
 * @returns Whether it is.
 */
export function isLookup(call: SeenCall, entrypoint: string): boolean {
  const params = JSON.stringify(call.params ?? null).toLowerCase();
  const selector = BigInt(hash.getSelectorFromName(entrypoint)).toString(16);
  return (
    call.method === 'starknet_call' &&
    params.includes(NAMING.slice(2)) &&
    params.includes(selector)
  );
}

/**
 * Holds the naming contract's forward lookups (`domain_to_address`) until
 * the returned function is called, every other answer passing as it is: a
 * test opens the dialog first, then lets the names arrive.
 *
 * @param front - The hostile node in front of the chain.
 * @returns What releases them.
 */
export function holdForwardLookups(front: HostileNode): () => void {
  let release = (): void => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  front.script('starknet_call', async (call, honest) => {
    if (isLookup(call, 'domain_to_address')) {
      await released;
    }
    return honest;
  });
  return release;
}
