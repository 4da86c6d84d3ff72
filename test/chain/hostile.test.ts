import { addSiteNetwork, startHostileNode } from './hostile-node';
import type { HostileNode } from './hostile-node';
import {
  mintStrk,
  ONE_STRK,
  SN_DEVNET,
  STRK,
  useRuntimeNetworkNode,
} from './node';
import {
  ACCOUNT_0,
  confirmationOf,
  errorOf,
  installSharedWallet,
  invoke,
  plainResultOf,
} from '../helpers';
import type { Wallet } from '../helpers';

// A site that brings its own node, and the node lies: every answer the
// wallet signs or shows from must be checked, never just repeated.

const devnet = useRuntimeNetworkNode();
let hostile: HostileNode;

beforeAll(async () => {
  hostile = await startHostileNode({ target: devnet().url });
  await mintStrk(devnet(), ACCOUNT_0.address, 100n * ONE_STRK);
});

afterAll(async () => {
  await hostile.close();
});

afterEach(() => {
  hostile.clearScripts();
  hostile.forget();
});

const transfer = {
  contractAddress: STRK,
  entrypoint: 'transfer',
  calldata: ['0xabcdef', '1000', '0'],
};

describe('a node whose fee estimate is past its protocol types', () => {
  it('is a node error (-32002) before any dialog: an amount past u64 would spill into its price when signed', async () => {
    const wallet = await installSharedWallet();
    await addSiteNetwork(wallet, hostile.url, SN_DEVNET);
    hostile.script('starknet_simulateTransactions', (_call, honest) => {
      const traces = honest.result as { fee_estimation: object }[];
      return {
        result: traces.map((trace) => ({
          ...trace,
          fee_estimation: {
            ...trace.fee_estimation,
            l2_gas_consumed: `0x${(2n ** 64n).toString(16)}`,
          },
        })),
      };
    });
    const error = await errorOf(
      invoke(wallet, 'snapnet_executeTxn', {
        address: ACCOUNT_0.address,
        calls: [transfer],
        chainId: SN_DEVNET,
      }),
    );
    expect(error.code).toBe(-32002);
    expect(error.message).toContain('l2_gas_consumed');
    expect(hostile.seen().map(({ method }) => method)).not.toContain(
      'starknet_addInvokeTransaction',
    );
  });
});

/**
 * The wallet's own records of ACCOUNT_0 on the site's network.
 *
 * @param wallet - The snap.
 * @returns Their types and hashes.
 */
async function recordsOf(
  wallet: Wallet,
): Promise<{ txnType: string; txnHash: string }[]> {
  const records: { txnType: string; txnHash: string }[] = await plainResultOf(
    invoke(wallet, 'snapnet_getTransactions', {
      senderAddress: ACCOUNT_0.address,
      onlyFromState: true,
      withDeployTxn: true,
      chainId: SN_DEVNET,
    }),
  );
  return records.map(({ txnType, txnHash }) => ({ txnType, txnHash }));
}

describe('what a send reports', () => {
  it('a deployment that went out before its invoke was refused: the error carries its hash, and it is recorded', async () => {
    const wallet = await installSharedWallet();
    await addSiteNetwork(wallet, hostile.url, SN_DEVNET);
    hostile.script('starknet_addInvokeTransaction', () => ({
      error: { code: 55, message: 'Account validation failed' },
    }));
    const pending = invoke(wallet, 'snapnet_executeTxn', {
      address: ACCOUNT_0.address,
      calls: [transfer],
      chainId: SN_DEVNET,
    });
    await (await confirmationOf(pending)).ok();
    const error = await errorOf(pending);
    expect(error.code).toBe(-32603);
    expect(error.message).toContain('Account validation failed');
    expect(error.data?.nodeCode).toBe(55);
    // Values from the snap come from another realm: read them as JSON.
    const sent: { type: string; transaction_hash: string }[] = JSON.parse(
      JSON.stringify(error.data?.sent ?? []),
    );
    expect(sent.map(({ type }) => type)).toStrictEqual(['DEPLOY_ACCOUNT']);
    const deployHash = sent[0]?.transaction_hash ?? '';
    expect(deployHash).toMatch(/^0x[0-9a-f]+$/u);
    expect(await recordsOf(wallet)).toStrictEqual([
      { txnType: 'deploy_account', txnHash: deployHash },
    ]);
  });

  it('a node that answers another transaction hash than the one signed: an error naming both, and nothing recorded', async () => {
    const wallet = await installSharedWallet();
    await addSiteNetwork(wallet, hostile.url, SN_DEVNET);
    hostile.script('starknet_addInvokeTransaction', () => ({
      result: { transaction_hash: '0xdead' },
    }));
    const pending = invoke(wallet, 'snapnet_executeTxn', {
      address: ACCOUNT_0.address,
      calls: [transfer],
      chainId: SN_DEVNET,
    });
    await (await confirmationOf(pending)).ok();
    const error = await errorOf(pending);
    expect(error.code).toBe(-32002);
    expect(error.message).toContain('0xdead');
    expect(error.message).toContain('not the hash of the transaction signed');
    expect(await recordsOf(wallet)).toStrictEqual([]);
  });
});
