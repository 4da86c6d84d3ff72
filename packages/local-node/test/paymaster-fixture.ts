import type { Call, PaymasterDetails, RpcProvider } from 'starknet';
import {
  Account,
  CallData,
  PaymasterRpc,
  cairo,
  ec,
  hash,
  num as numUtils,
  uint256,
} from 'starknet';

import { ARGENT_CLASS_HASH, ETH, STRK, checkedProvider } from './helpers';
import { paymasterFetch } from './paymaster-spec';
import { freePort } from '../../../scripts/start/ports';
import { startCountingProxy } from '../../../test/chain/counting-proxy';
import type { LocalNode, PaymasterDialect } from '../src';
import {
  LOCAL_PAYMASTER_API_KEY,
  rpcPaymasterEndpoint,
  startLocalNode,
} from '../src';

export const WAIT = { retryInterval: 20 };
export const RECIPIENT = '0x1234567';

// starknet.js sends a call's address as given; SNIP-29's FELT has no leading
// zeros, so the calls name the tokens canonically.
export const transfer = (
  token: string,
  recipient: string,
  amount: bigint,
): Call => ({
  contractAddress: numUtils.toHex(token),
  entrypoint: 'transfer',
  calldata: CallData.compile({ recipient, amount: cairo.uint256(amount) }),
});

export const paidIn = (gasToken: string): PaymasterDetails => ({
  feeMode: { mode: 'default', gasToken },
});
export const SPONSORED: PaymasterDetails = { feeMode: { mode: 'sponsored' } };

export type DeploymentData = NonNullable<PaymasterDetails['deploymentData']>;

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
  argentFor: (privateKey: string) => {
    account: Account;
    deploymentData: DeploymentData;
  };
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
  const argentFor: PaymasterFixture['argentFor'] = (privateKey) => {
    const publicKey = ec.starkCurve.getStarkKey(privateKey);
    const calldata = [publicKey, '0x0'];
    const address = hash.calculateContractAddressFromHash(
      publicKey,
      ARGENT_CLASS_HASH,
      calldata,
      0,
    );
    return {
      account: new Account({
        provider,
        address,
        signer: privateKey,
        paymaster,
      }),
      deploymentData: {
        address,
        class_hash: ARGENT_CLASS_HASH,
        salt: publicKey,
        calldata,
        version: 1,
      },
    };
  };
  const { account: user, deploymentData: userDeployment } = argentFor(
    '0x5f1e3a2b9c8d7e6f5a4b3c2d1e0f9a8b',
  );
  const funding = await funder.execute([
    transfer(STRK, user.address, 10n ** 19n),
    transfer(ETH, user.address, 10n ** 18n),
  ]);
  await provider.waitForTransaction(funding.transaction_hash, WAIT);
  const deployed = await user.deployAccount({
    classHash: ARGENT_CLASS_HASH,
    constructorCalldata: userDeployment.calldata,
    addressSalt: userDeployment.salt,
    contractAddress: user.address,
  });
  await provider.waitForTransaction(deployed.transaction_hash, WAIT);
  const balanceOf = async (token: string, address: string): Promise<bigint> => {
    const [low = '0x0', high = '0x0'] = await provider.callContract({
      contractAddress: token,
      entrypoint: 'balance_of',
      calldata: [address],
    });
    return uint256.uint256ToBN({ low, high });
  };
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
    balanceOf,
  };
}
