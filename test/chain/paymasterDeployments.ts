import { ec } from 'starknet';

import { balanceOn, receiptOf } from './actions';
import { SPONSORED, mint, nodeRequest, useFundedNode } from './node';
import { formatUnits } from '../../src/format';
import { accountAddress } from '../../src/keys/address';
import { ACCOUNT_0, ETH, STRK } from '../fixtures';
import {
  confirmationOf,
  errorOf,
  installSharedWallet,
  invoke,
  plainResultOf,
  textOf,
} from '../installedWallet';
import type { Wallet } from '../installedWallet';
import { testPhraseKeys } from '../testKeys';
import type { PaymasterDialect } from '@snapnet/local-node';

/**
 * Deployments through the paymaster, in a dialect of the test node's
 * paymaster (packages/local-node/src/paymaster/dialect.ts), through the
 * built snap: an undeployed account holding only ETH deployed with its
 * first transfer, `createAccount {deploy}` sponsored, and paid in ETH —
 * built `deploy_and_invoke` with the fee transfer alone by AVNU's service
 * (one confirmation, declined or approved), refused naming
 * `paymaster.feeMode` by SNIP-29's document, which has no way to pay for a
 * deployment alone.
 */

const RECIPIENT =
  '0x00000000000000000000000000000000000000000000000000000000000b0b02';
const ONE_ETH = 10n ** 18n;

/**
 * The address of an index of the test phrase (Argent 0.3.1).
 *
 * @param index - The index.
 * @returns Its address.
 */
async function addressOf(index: number): Promise<string> {
  const keys = await testPhraseKeys(index + 1);
  const stark = keys[index]?.stark ?? '';
  return accountAddress(
    `0x${ec.starkCurve.getStarkKey(stark).replace(/^0x/u, '')}`,
  );
}

/**
 * Runs the deployment tests against a node whose paymaster speaks a dialect.
 *
 * @param dialect - The dialect.
 */
export function describePaymasterDeployments(dialect: PaymasterDialect): void {
  // ACCOUNT_0 holds no STRK at all: only ETH, minted below.
  const testNode = useFundedNode(ACCOUNT_0.address, 0n, {
    paymasterDialect: dialect,
  });

  const balance = async (token: string, owner: string): Promise<bigint> =>
    balanceOn(testNode(), token, owner);

  /**
   * Whether a contract is deployed at an address.
   *
   * @param address - The address.
   * @returns True when it is.
   */
  async function deployed(address: string): Promise<boolean> {
    return nodeRequest(testNode(), 'starknet_getClassHashAt', {
      block_id: 'latest',
      contract_address: address,
    }).then(
      (classHash) => BigInt(String(classHash)) !== 0n,
      () => false,
    );
  }

  describe(`deployments through the paymaster (${dialect} dialect)`, () => {
    let wallet: Wallet;

    beforeAll(async () => {
      await mint(testNode(), ACCOUNT_0.address, 2n * ONE_ETH, 'WEI');
      await mint(testNode(), await addressOf(3), ONE_ETH, 'WEI');
      wallet = await installSharedWallet();
    });

    it('deploys an account that holds only ETH with its first transfer, in one confirmation', async () => {
      const sending = invoke(wallet, 'snapnet_executeTxn', {
        address: ACCOUNT_0.address,
        calls: [
          {
            contractAddress: ETH,
            entrypoint: 'transfer',
            calldata: [RECIPIENT, '0x64', '0x0'],
          },
        ],
        paymaster: { feeMode: { mode: 'default', gasToken: ETH } },
      });
      const dialog = await confirmationOf(sending);
      const shown = textOf(dialog.content);
      // The title: what the user asked, never the paymaster's fee transfer.
      expect(shown).toMatch(
        /Heading Deploy account and send [0-9.]+ ETH to 0x0000…[0-9a-f]{4}, through a paymaster/u,
      );
      expect(shown).toContain('The paymaster deploys it');
      expect(shown).toContain('Fee, paid in ETH');
      await dialog.ok();
      const { transaction_hash: hash } = await plainResultOf(sending);
      expect((await receiptOf(testNode(), hash)).execution_status).toBe(
        'SUCCEEDED',
      );
      expect(await deployed(ACCOUNT_0.address)).toBe(true);
      expect(await balance(ETH, RECIPIENT)).toBe(100n);
      expect(await balance(STRK, ACCOUNT_0.address)).toBe(0n);
    });

    it('deploys a new account sponsored, from createAccount, signing nothing', async () => {
      const creating = invoke(wallet, 'snapnet_createAccount', {
        addressIndex: 2,
        deploy: true,
        paymaster: SPONSORED,
      });
      const dialog = await confirmationOf(creating);
      const shown = textOf(dialog.content);
      expect(shown).toContain('Deploy account through a paymaster');
      expect(shown).toContain('Nothing is signed');
      await dialog.ok();
      const created = await plainResultOf(creating);
      expect(created.address).toBe(await addressOf(2));
      expect(
        (await receiptOf(testNode(), created.transaction_hash))
          .execution_status,
      ).toBe('SUCCEEDED');
      expect(await deployed(created.address)).toBe(true);
    });

    const paidCreation = (): ReturnType<typeof invoke> =>
      invoke(wallet, 'snapnet_createAccount', {
        addressIndex: 3,
        deploy: true,
        paymaster: { feeMode: { mode: 'default', gasToken: ETH } },
      });

    if (dialect === 'snip29') {
      it('refuses createAccount paid in ETH, naming paymaster.feeMode, signing and sending nothing', async () => {
        testNode().resetRequestCount();
        const error = await errorOf(paidCreation());
        expect(error.code).toBe(-32602);
        expect(error.message).toContain('paymaster.feeMode');
        expect(error.message).toContain('nothing was signed');
        expect(testNode().requestCount('paymaster_executeTransaction')).toBe(0);
        expect(await deployed(await addressOf(3))).toBe(false);
      });
      return;
    }

    it('deploys a new account paid in ETH, from createAccount: the deployment and its fee, in one confirmation; declined, nothing is sent', async () => {
      const address = await addressOf(3);
      testNode().resetRequestCount();
      const declined = paidCreation();
      await (await confirmationOf(declined)).cancel();
      expect((await errorOf(declined)).code).toBe(4001);
      expect(testNode().requestCount('paymaster_executeTransaction')).toBe(0);
      expect(await deployed(address)).toBe(false);

      const creating = paidCreation();
      const dialog = await confirmationOf(creating);
      const shown = textOf(dialog.content);
      // The fee transfer alone: no words of the user's to title it.
      expect(shown).toContain(
        'Heading Deploy account and send through a paymaster',
      );
      expect(shown).toContain('The paymaster deploys it');
      expect(shown).toContain('Fee, paid in ETH');
      expect(shown).toContain(address);
      await dialog.ok();
      const created = await plainResultOf(creating);
      expect(created.address).toBe(address);
      expect(
        (await receiptOf(testNode(), created.transaction_hash))
          .execution_status,
      ).toBe('SUCCEEDED');
      expect(await deployed(address)).toBe(true);
      const fee = ONE_ETH - (await balance(ETH, address));
      expect(fee).toBeGreaterThan(0n);
      // The fee taken is the amount the dialog showed.
      expect(shown).toContain(`${formatUnits(fee, 18)} ETH`);
      expect(testNode().requestCount('paymaster_executeTransaction')).toBe(1);
    });
  });
}
