import {
  Account,
  outsideExecution,
  OutsideExecutionVersion,
  RpcProvider,
} from 'starknet';

import { nodeRequest, ONE_STRK, useFundedNode } from './node';
import { dateText } from '../../src/prices/dates';
import { ACCOUNT_0, STRK, TESTNET } from '../fixtures';
import {
  confirmationOf,
  installSharedWallet,
  invoke,
  plainResultOf,
  textOf,
} from '../installedWallet';

const RECIPIENT =
  '0x0000000000000000000000000000000000000000000000000000000000abcdef';

/** SNIP-9's ANY_CALLER as a felt. */
const ANY_CALLER = '0x414e595f43414c4c4552';

const testNode = useFundedNode(ACCOUNT_0.address, 100n * ONE_STRK);

/**
 * RECIPIENT's STRK balance on the node.
 *
 * @returns The balance (FRI).
 */
async function recipientBalance(): Promise<bigint> {
  const [low, high] = (await nodeRequest(testNode(), 'starknet_call', {
    request: {
      contract_address: STRK,
      entry_point_selector:
        '0x2e4263afad30923c891518314c3c95dbe830a16874e8abc5777a9a20b54c76e',
      calldata: [RECIPIENT],
    },
    block_id: 'latest',
  })) as string[];
  return BigInt(low ?? '0x0') + BigInt(high ?? '0x0') * 2n ** 128n;
}

/**
 * SNIP-9 typed data that lets anyone transfer 1 STRK from ACCOUNT_0 to
 * RECIPIENT within the next hour, as a dapp builds it with starknet.js.
 *
 * @param version - The SNIP-9 version ('1' for Argent 0.3.1, or '2').
 * @param nonce - The outside execution nonce.
 * @returns The typed data and its execution window.
 */
function oneStrkOutside(
  version: '1' | '2',
  nonce: string,
): {
  data: ReturnType<typeof outsideExecution.getTypedData>;
  window: { caller: string; execute_after: number; execute_before: number };
} {
  const now = Math.floor(Date.now() / 1000);
  const window = {
    // Revision 0 encodes the short string; revision 1's ContractAddress
    // takes the felt.
    caller: version === '1' ? 'ANY_CALLER' : ANY_CALLER,
    execute_after: now - 600,
    execute_before: now + 3600,
  };
  const data = outsideExecution.getTypedData(
    TESTNET,
    window,
    nonce,
    [
      {
        contractAddress: STRK,
        entrypoint: 'transfer',
        calldata: [RECIPIENT, ONE_STRK.toString(), '0'],
      },
    ],
    version,
  );
  return { data, window };
}

describe('SNIP-9 outside execution', () => {
  beforeAll(async () => {
    const wallet = await installSharedWallet();
    const deploying = invoke(wallet, 'snapnet_createAccount', { deploy: true });
    await (await confirmationOf(deploying)).ok();
    await plainResultOf(deploying);
  });

  it('is shown as the transaction it is, and the signature moves funds on chain', async () => {
    const wallet = await installSharedWallet();
    const { data, window } = oneStrkOutside('1', '0x51');
    const pending = invoke(wallet, 'snapnet_signMessage', {
      typedDataMessage: JSON.parse(JSON.stringify(data)),
      signerAddress: ACCOUNT_0.address,
    });
    const dialog = await confirmationOf(pending);
    const text = textOf(dialog.content);
    // Its title: what it does, and that anyone may run it (ANY_CALLER).
    expect(text).toMatch(
      /Heading Sign: Send 1 STRK to 0x[0-9a-f]{4}…[0-9a-f]{4}, run by anyone/u,
    );
    expect(text).toContain('This signature moves your assets');
    expect(text).toContain('Anyone can submit it');
    expect(text).toContain('Send 1 STRK');
    expect(text).toContain(RECIPIENT);
    expect(text).toContain('Nonce Text 0x51');
    // The date beside the signed number, in the user's locale (English).
    expect(text).toContain(
      `${dateText(window.execute_before, 'en', true)} (${window.execute_before})`,
    );
    await dialog.ok();
    const signature = String(await plainResultOf(pending)).split(',');

    // Anyone (here a funded account of the node) can now submit it.
    const [relayer] = testNode().accounts;
    if (!relayer) {
      throw new Error('The node has no predeployed account');
    }
    const submitter = new Account({
      provider: new RpcProvider({ nodeUrl: testNode().url }),
      address: relayer.address,
      signer: relayer.privateKey,
      cairoVersion: '1',
    });
    const before = await recipientBalance();
    const { transaction_hash: relayed } = await submitter.execute(
      outsideExecution.buildExecuteFromOutsideCall({
        outsideExecution: {
          caller: ANY_CALLER,
          nonce: '0x51',
          execute_after: window.execute_after,
          execute_before: window.execute_before,
          calls: [
            {
              to: STRK,
              selector:
                '0x83afd3f4caedc6eebf44246fe54e38c95e3179a5ec9ea81740eca5b482d12e',
              calldata: [RECIPIENT, ONE_STRK.toString(), '0'],
            },
          ],
        },
        signature,
        signerAddress: ACCOUNT_0.address,
        version: OutsideExecutionVersion.V1,
      }),
    );
    const receipt = (await nodeRequest(
      testNode(),
      'starknet_getTransactionReceipt',
      { transaction_hash: relayed },
    )) as { execution_status: string };
    expect(receipt.execution_status).toBe('SUCCEEDED');
    expect(await recipientBalance()).toBe(before + ONE_STRK);
  });

  it('shows the v2 domain alike, and declining signs nothing', async () => {
    const wallet = await installSharedWallet();
    const { data } = oneStrkOutside('2', '0x52');
    const pending = invoke(wallet, 'snapnet_signMessage', {
      typedDataMessage: JSON.parse(JSON.stringify(data)),
      signerAddress: ACCOUNT_0.address,
    });
    const dialog = await confirmationOf(pending);
    const text = textOf(dialog.content);
    // Its title: what it does, and that anyone may run it (ANY_CALLER).
    expect(text).toMatch(
      /Heading Sign: Send 1 STRK to 0x[0-9a-f]{4}…[0-9a-f]{4}, run by anyone/u,
    );
    expect(text).toContain('Send 1 STRK');
    expect(text).toContain('Domain (SNIP-12 revision 1)');
    await dialog.cancel();
    expect(await pending).toRespondWithError(
      expect.objectContaining({ code: 4001 }),
    );
  });
});
