import { Account, CallData, Contract, RpcProvider, cairo } from 'starknet';
import type { CompiledSierra } from 'starknet';

import { freePort } from '../../scripts/start/ports';
import { startDevnet } from '../chain/devnet';
import type { TestNode } from '../chain/types';
import { STRK } from '../fixtures';
import { readContract } from '../vendored';
import { startLocalNode } from '@snapnet/local-node';

const SEED = 42;
const WAIT = { retryInterval: 50 };
const OZ_ERC20 = readContract<CompiledSierra>(
  'ERC20-OpenZeppelin-1.0.0.sierra.json',
);
/**
 * The compiled class hash of that Sierra (`hash.computeCompiledClassHash`
 * of starknet.js's `erc20_oz100.casm`), which starknet-devnet (0.8.1 and 0.10.1) accepts
 * for it; the local node stores whatever it is given.
 */
const OZ_ERC20_COMPILED =
  '0x51bdb8f4a2ca02c238fc2d700f68d020574949c1c70dff3799b16f3d9757d52';

/**
 * The events starknet.js parses from a transaction's receipt with an ABI.
 *
 * @param provider - The node.
 * @param token - The contract whose ABI parses them.
 * @param transactionHash - The transaction.
 * @returns [name, fields] pairs.
 */
async function eventsOf(
  provider: RpcProvider,
  token: Contract,
  transactionHash: string,
): Promise<[string, unknown][]> {
  const receipt = await provider.waitForTransaction(transactionHash, WAIT);
  return token
    .parseEvents(receipt)
    .flatMap((event) =>
      Object.entries(event).filter(([name]) => name.includes('::')),
    );
}

/**
 * A raw call's answer, or its error message.
 *
 * @param provider - The node.
 * @param contractAddress - The contract.
 * @param entrypoint - The function.
 * @returns The felts.
 */
async function raw(
  provider: RpcProvider,
  contractAddress: string,
  entrypoint: string,
): Promise<string[]> {
  return provider.callContract({ contractAddress, entrypoint });
}

/**
 * One scripted token flow on a node: the fee token's metadata, then
 * OpenZeppelin's ERC-20 declared, deployed, read, moved, minted, burnt and
 * handed over, as starknet.js sees it.
 *
 * @param node - The node.
 * @returns What it saw.
 */
async function tokenFlow(node: TestNode): Promise<Record<string, unknown>> {
  const provider = new RpcProvider({ nodeUrl: node.url });
  const [first, second] = node.accounts;
  if (!first || !second) {
    throw new Error('two predeployed accounts are needed');
  }
  const owner = new Account({
    provider,
    address: first.address,
    signer: first.privateKey,
  });
  const strkName = await raw(provider, STRK, 'name');
  const declared = await owner.declare({
    contract: OZ_ERC20,
    compiledClassHash: OZ_ERC20_COMPILED,
  });
  await provider.waitForTransaction(declared.transaction_hash, WAIT);
  const deployed = await owner.deployContract(
    {
      classHash: declared.class_hash,
      salt: '0x5a17',
      unique: false,
      constructorCalldata: new CallData(OZ_ERC20.abi).compile('constructor', {
        name: 'Tutorial Token',
        symbol: 'TUT',
        amount: cairo.uint256(10n ** 21n),
        recipient: owner.address,
        owner: owner.address,
      }),
    },
    WAIT,
  );
  const { abi } = await provider.getClassAt(deployed.contract_address);
  const token = new Contract({
    abi,
    address: deployed.contract_address,
    providerOrAccount: owner,
  });
  const asOther = new Contract({
    abi,
    address: deployed.contract_address,
    providerOrAccount: new Account({
      provider,
      address: second.address,
      signer: second.privateKey,
    }),
  });
  const sent = async (
    call: Promise<{ transaction_hash: string }>,
  ): Promise<[string, unknown][]> =>
    eventsOf(provider, token, (await call).transaction_hash);
  return {
    strk: {
      // The names differ ("Starknet Token" here); their encoding may not.
      nameIsShortByteArray:
        strkName.length === 3 && BigInt(strkName[0] ?? '0x1') === 0n,
      symbol: await raw(provider, STRK, 'symbol'),
      decimals: await raw(provider, STRK, 'decimals'),
    },
    address: deployed.contract_address,
    deployEvents: await eventsOf(provider, token, deployed.transaction_hash),
    metadata: [
      await token.name(),
      await token.symbol(),
      await token.decimals(),
      await token.total_supply(),
      await token.owner(),
    ],
    transfer: await sent(token.transfer(second.address, cairo.uint256(30n))),
    mint: await sent(token.mint(second.address, cairo.uint256(5n))),
    burn: await sent(asOther.burn(cairo.uint256(10n))),
    notOwner: await asOther
      .mint(second.address, cairo.uint256(1n))
      .then(() => 'minted')
      .catch((error: unknown) =>
        String(error).includes('Caller is not the owner')
          ? 'Caller is not the owner'
          : String(error).slice(0, 200),
      ),
    handOver: await sent(token.transfer_ownership(second.address)),
    balances: [
      await token.balance_of(owner.address),
      await token.balance_of(second.address),
      await token.total_supply(),
      await token.owner(),
    ],
  };
}

// The fee tokens' metadata and OpenZeppelin's ERC-20 behave alike on both
// nodes: same accounts (same seed), so same addresses, values and events.
describe('tokens against starknet-devnet', () => {
  it('runs the same token flow', async () => {
    const local = await startLocalNode({ port: 0, seed: SEED, accounts: 2 });
    const devnet = await startDevnet({
      port: await freePort(),
      seed: SEED,
      accounts: 2,
    }).catch(async (error: unknown) => {
      await local.stop();
      throw error;
    });
    try {
      const mine = await tokenFlow(local);
      const real = await tokenFlow(devnet);
      console.log(
        `tokens\n  local node:      ${JSON.stringify(mine, (_key, value) => (typeof value === 'bigint' ? String(value) : value))}`,
      );
      expect(mine).toStrictEqual(real);
    } finally {
      await Promise.all([local.stop(), devnet.stop()]);
    }
  }, 180_000);
});
