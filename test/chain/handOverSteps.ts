import type { Json } from '@metamask/snaps-sdk';

import type { HostileNode } from './hostile-node';
import { nodeRequest } from './node';
import { ACCOUNT_0, ETH, TESTNET } from '../fixtures';
import { invoke, plainResultOf } from '../installedWallet';
import type { Wallet } from '../installedWallet';
import type { LocalNode } from '@snapnet/local-node';

/**
 * The steps of the tests of what follows a paymaster hand-over
 * (paymasterAfterSigning.test.ts, paymasterHandOverChecked.test.ts): a
 * transfer of ACCOUNT_0 on Testnet, its records, the background check, and
 * the signed execution landed later, as a paymaster that kept it would.
 */

export const RECIPIENT =
  '0x00000000000000000000000000000000000000000000000000000000000b0b03';

/** Paying the fee in ETH through the paymaster. */
export const IN_ETH = { feeMode: { mode: 'default', gasToken: ETH } };

/**
 * A one-call ETH transfer of ACCOUNT_0 on Testnet.
 *
 * @param wallet - The snap.
 * @param paymaster - The paymaster param (undefined: an ordinary transaction).
 * @param amount - The amount (wei, hex).
 * @returns The pending request.
 */
export function transferOf(
  wallet: Wallet,
  paymaster: Json | undefined,
  amount = '0x64',
): ReturnType<typeof invoke> {
  return invoke(wallet, 'snapnet_executeTxn', {
    address: ACCOUNT_0.address,
    calls: [
      {
        contractAddress: ETH,
        entrypoint: 'transfer',
        calldata: [RECIPIENT, amount, '0x0'],
      },
    ],
    ...(paymaster === undefined ? {} : { paymaster }),
  });
}

/** A record of the wallet, as snapnet_getTransactions answers it. */
export type RecordJson = {
  txnHash: string;
  status: string;
  failureReason: string;
};

/**
 * The wallet's own records of ACCOUNT_0 on Testnet.
 *
 * @param wallet - The snap.
 * @returns The records, newest first.
 */
export async function recordsOf(wallet: Wallet): Promise<RecordJson[]> {
  const answer = await plainResultOf(
    invoke(wallet, 'snapnet_getTransactions', {
      senderAddress: ACCOUNT_0.address,
      onlyFromState: true,
      chainId: TESTNET,
    }),
  );
  return answer as RecordJson[];
}

/**
 * One run of the background check, as MetaMask's scheduler makes it.
 *
 * @param wallet - The snap.
 * @returns The messages of its notifications.
 */
export async function runCheckOf(wallet: Wallet): Promise<string[]> {
  const response = await wallet.onCronjob({ method: 'refreshTransactions' });
  return response.notifications.map(({ message }) => message);
}

/**
 * The short hash a notification names.
 *
 * @param hash - The transaction hash.
 * @returns `0x1234…abcd` of its canonical form.
 */
export function short(hash: string): string {
  const canonical = `0x${BigInt(hash).toString(16).padStart(64, '0')}`;
  return `${canonical.slice(0, 6)}…${canonical.slice(-4)}`;
}

/**
 * The last execute the paymaster received.
 *
 * @param hostile - The hostile node in front of it.
 * @returns Its params.
 */
function lastExecute(hostile: HostileNode): unknown {
  const [last] = hostile
    .seen()
    .filter(({ method }) => method === 'paymaster_executeTransaction')
    .slice(-1);
  return last?.params;
}

/**
 * The window's end the signed typed data of the last execute carried.
 *
 * @param hostile - The hostile node in front of the paymaster.
 * @returns The UTC time, as the wallet writes it.
 */
export function signedWindowEnd(hostile: HostileNode): string {
  const text = JSON.stringify(lastExecute(hostile));
  const [, before] = /"execute_before":"(0x[0-9a-f]+)"/u.exec(text) ?? [];
  return new Date(Number(BigInt(before ?? '0x0')) * 1000)
    .toISOString()
    .replace('.000Z', 'Z');
}

/**
 * Sends the last signed execution handed over through the real paymaster,
 * as a paymaster that kept it would later.
 *
 * @param hostile - The hostile node that received it.
 * @param real - The real node (and paymaster) behind it.
 * @returns The hash of the transaction that ran it.
 */
export async function land(
  hostile: HostileNode,
  real: LocalNode,
): Promise<string> {
  const answer = (await nodeRequest(
    real,
    'paymaster_executeTransaction',
    lastExecute(hostile),
  )) as { transaction_hash: string };
  return answer.transaction_hash;
}
