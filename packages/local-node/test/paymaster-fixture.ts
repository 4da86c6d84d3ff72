import type { RpcProvider } from 'starknet';
import { Account, PaymasterRpc } from 'starknet';

import { checkedProvider } from './helpers';
import { paymasterFetch } from './paymaster-spec';
import { argentUser, balanceOf, fundAndDeploy } from './paymaster-users';
import type { DeploymentData, PaymasterUser } from './paymaster-users';
import { freePort } from '../../../scripts/start/ports';
import { startCountingProxy } from '../../../test/chain/counting-proxy';
import type { LocalNode, PaymasterDialect } from '../src';
import {
  LOCAL_PAYMASTER_API_KEY,
  rpcPaymasterEndpoint,
  startLocalNode,
} from '../src';

/** A local node with its paymaster, as the paymaster tests use it. */
export type PaymasterFixture = {
  node: LocalNode;
  provider: RpcProvider;
  /** starknet.js's PaymasterRpc on the node, its answers checked against SNIP-29. */
  paymaster: PaymasterRpc;
  /** Where the paymaster is served. */
  paymasterUrl: string;
  /** The first predeployed account. */
  funder: Account;
  /** The relayer: the last predeployed account. */
  relayer: string;
  /** A deployed Argent 0.3.1 account funded in STRK and ETH. */
  user: Account;
  userDeployment: DeploymentData;
  /** An Argent 0.3.1 account for a key (not deployed) and its deployment data. */
  argentFor: (privateKey: string) => PaymasterUser;
  balanceOf: (token: string, address: string) => Promise<bigint>;
};

/**
 * The paymaster's service over JSON-RPC (as test:devnet puts it in front of
 * starknet-devnet) in front of a local node: `paymaster_*` calls on the
 * returned URL go to it, the rest to the node.
 *
 * @param node - The node.
 * @param relayer - The relayer.
 * @param relayer.address - Its address.
 * @param relayer.privateKey - Its key.
 * @param dialect - The paymaster's dialect.
 * @returns The node with the front's URL, stopped with it.
 */
async function behindRpcPaymaster(
  node: LocalNode,
  relayer: { address: string; privateKey: string },
  dialect: PaymasterDialect,
): Promise<{ node: LocalNode; paymasterUrl: string }> {
  const port = await freePort();
  const proxy = await startCountingProxy(
    port,
    node.storageUrl,
    await rpcPaymasterEndpoint({ nodeUrl: node.url, relayer, dialect }),
  );
  return {
    node: {
      ...node,
      stop: async (): Promise<void> => {
        await proxy.close();
        await node.stop();
      },
    },
    paymasterUrl: `http://127.0.0.1:${port}/rpc`,
  };
}

/**
 * Starts a node (two predeployed accounts: a funder and the relayer) and
 * deploys a funded Argent 0.3.1 account that uses its paymaster: the
 * node's own, or the same service over the node's JSON-RPC.
 *
 * @param seed - The node's seed.
 * @param over - `node` for the node's own paymaster, `json-rpc` for the
 * service over its JSON-RPC.
 * @param dialect - The paymaster's dialect (starknet.js sends the local
 * paymaster's sponsorship key, which the avnu dialect asks for).
 * @returns The fixture.
 */
export async function startPaymasterFixture(
  seed: number,
  over: 'node' | 'json-rpc' = 'node',
  dialect: PaymasterDialect = 'avnu',
): Promise<PaymasterFixture> {
  const started = await startLocalNode({
    seed,
    accounts: 2,
    paymasterDialect: dialect,
  });
  const [first, last] = started.accounts;
  if (!first || !last) {
    throw new Error('no predeployed accounts');
  }
  const { node, paymasterUrl } =
    over === 'node'
      ? { node: started, paymasterUrl: started.url }
      : await behindRpcPaymaster(started, last, dialect);
  const provider = checkedProvider(node.url);
  const paymaster = new PaymasterRpc({
    nodeUrl: paymasterUrl,
    headers: { 'x-paymaster-api-key': LOCAL_PAYMASTER_API_KEY },
    baseFetch: paymasterFetch(dialect),
  });
  const funder = new Account({
    provider,
    address: first.address,
    signer: first.privateKey,
  });
  const argentFor: PaymasterFixture['argentFor'] = (privateKey) =>
    argentUser(provider, paymaster, privateKey);
  const userFixture = argentFor('0x5f1e3a2b9c8d7e6f5a4b3c2d1e0f9a8b');
  await fundAndDeploy(provider, funder, userFixture);
  const { account: user, deploymentData: userDeployment } = userFixture;
  return {
    node,
    provider,
    paymaster,
    paymasterUrl,
    funder,
    relayer: last.address,
    user,
    userDeployment,
    argentFor,
    balanceOf: async (token, address) => balanceOf(provider, token, address),
  };
}
