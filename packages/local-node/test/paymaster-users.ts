import type {
  Call,
  ExecutableInvokeTransaction,
  ExecutableUserInvoke,
  PaymasterDetails,
  PaymasterRpc,
  RpcProvider,
} from 'starknet';
import {
  Account,
  CallData,
  cairo,
  ec,
  hash,
  num as numUtils,
  stark,
  uint256,
} from 'starknet';

import { ARGENT_CLASS_HASH, ETH, STRK, rpc } from './helpers';

/**
 * A SNIP-29 paymaster's users, whichever node serves it: Argent 0.3.1
 * accounts that pay through it, the calls they send, their balances, and
 * the ways a test spoils what they signed. Shared by the local node's
 * paymaster tests (paymaster-fixture.ts starts the local node) and the
 * devnet tier (test/conformance/paymaster.test.ts), which runs the same
 * paymaster in front of starknet-devnet: a file of the local node's tests,
 * as that tier already takes its SNIP-29 checks from paymaster-spec.ts
 * here, so that the package's tests need nothing outside it.
 */

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

/** An Argent 0.3.1 account using the paymaster, and its deployment data. */
export type PaymasterUser = {
  account: Account;
  deploymentData: DeploymentData;
};

/**
 * The Argent 0.3.1 account of a key (deployed or not), using `paymaster`.
 *
 * @param provider - Its node.
 * @param paymaster - Its paymaster.
 * @param privateKey - The owner's key.
 * @returns The account and its SNIP-29 deployment data.
 */
export function argentUser(
  provider: RpcProvider,
  paymaster: PaymasterRpc,
  privateKey: string,
): PaymasterUser {
  const publicKey = ec.starkCurve.getStarkKey(privateKey);
  const calldata = [publicKey, '0x0'];
  const address = hash.calculateContractAddressFromHash(
    publicKey,
    ARGENT_CLASS_HASH,
    calldata,
    0,
  );
  return {
    account: new Account({ provider, address, signer: privateKey, paymaster }),
    deploymentData: {
      address,
      class_hash: ARGENT_CLASS_HASH,
      salt: publicKey,
      calldata,
      version: 1,
    },
  };
}

/**
 * Funds a user (10 STRK, 1 ETH) from `funder` and deploys its account
 * (paying its own fee), as the paymaster tests start.
 *
 * @param provider - The node.
 * @param funder - A funded, deployed account.
 * @param user - The user.
 */
export async function fundAndDeploy(
  provider: RpcProvider,
  funder: Account,
  user: PaymasterUser,
): Promise<void> {
  const { account, deploymentData } = user;
  const funding = await funder.execute([
    transfer(STRK, account.address, 10n ** 19n),
    transfer(ETH, account.address, 10n ** 18n),
  ]);
  await provider.waitForTransaction(funding.transaction_hash, WAIT);
  const deployed = await account.deployAccount({
    classHash: ARGENT_CLASS_HASH,
    constructorCalldata: deploymentData.calldata,
    addressSalt: deploymentData.salt,
    contractAddress: account.address,
  });
  await provider.waitForTransaction(deployed.transaction_hash, WAIT);
}

/**
 * An account's balance of a token, by the token's own `balance_of`.
 *
 * @param provider - The node.
 * @param token - The token.
 * @param address - The account.
 * @returns The balance.
 */
export async function balanceOf(
  provider: RpcProvider,
  token: string,
  address: string,
): Promise<bigint> {
  const [low = '0x0', high = '0x0'] = await provider.callContract({
    contractAddress: token,
    entrypoint: 'balance_of',
    calldata: [address],
  });
  return uint256.uint256ToBN({ low, high });
}

/**
 * A signed execution with its signature's `s` changed: a forgery.
 *
 * @param signed - What the user signed (an invoke, deployed or not).
 * @returns The same execution, its signature no longer valid.
 */
export function forged<Signed extends { invoke: ExecutableUserInvoke }>(
  signed: Signed,
): Signed {
  const [sigR = '0x1', sigS = '0x1'] = signed.invoke.signature;
  return {
    ...signed,
    invoke: {
      ...signed.invoke,
      signature: [sigR, numUtils.toHex(BigInt(sigS) + 1n)],
    },
  };
}

/**
 * The SNIP-9 version 1 typed data of a paid build with its fee call
 * lowered to 1 FRI to the relayer: less than the build asked for.
 *
 * @param built - The build's typed data.
 * @param relayer - The relayer.
 * @returns The cheaper typed data.
 */
export function feeLowered(
  built: ExecutableUserInvoke['typedData'],
  relayer: string,
): ExecutableUserInvoke['typedData'] {
  const { message } = built;
  if (!('calls' in message)) {
    throw new Error('expected SNIP-9 version 1 typed data');
  }
  const [userCall, feeCall] = message.calls;
  if (!userCall || !feeCall) {
    throw new Error('expected the user call and the fee call');
  }
  return {
    ...built,
    message: {
      ...message,
      calls: [userCall, { ...feeCall, calldata: [relayer, '0x1', '0x0'] }],
    },
  };
}

/**
 * Typed data the user signs and hands the paymaster as an invoke, whatever
 * it was built from.
 *
 * @param user - The signer.
 * @param typedData - What it signs.
 * @returns The execution for `paymaster_executeTransaction`.
 */
export async function signedInvoke(
  user: Account,
  typedData: ExecutableUserInvoke['typedData'],
): Promise<ExecutableInvokeTransaction> {
  return {
    type: 'invoke',
    invoke: {
      userAddress: user.address,
      typedData,
      signature: stark.signatureToHexArray(await user.signMessage(typedData)),
    },
  };
}

/**
 * The fee a transaction's sender paid, once it succeeded.
 *
 * @param provider - The node.
 * @param txHash - The transaction.
 * @returns The fee in FRI.
 */
export async function feeOf(
  provider: RpcProvider,
  txHash: string,
): Promise<bigint> {
  const receipt = await provider.waitForTransaction(txHash, WAIT);
  if (!receipt.isSuccess()) {
    throw new Error(`${txHash} did not succeed`);
  }
  return BigInt(receipt.value.actual_fee.amount);
}

/**
 * Deploys an undeployed user holding 1 STRK with its first calls, paid in
 * STRK (`deploy_and_invoke`). First the same execution with a forged
 * signature: the signature of an account not deployed yet is checked as
 * the relayer's invoke runs, so it is refused (156, and whatever else
 * `refusal` names) with nothing deployed. Then checks what the chain shows
 * once the true one ran: the account deployed as Argent 0.3.1, the
 * recipient paid, the user short of the transfer and the suggested fee, the
 * relayer ahead by that fee less its gas.
 *
 * @param provider - The node.
 * @param paymaster - The paymaster.
 * @param user - The user, not deployed.
 * @param relayer - The paymaster's relayer.
 * @param refusal - What else the forgery's refusal holds.
 */
export async function checkPaidDeployment(
  provider: RpcProvider,
  paymaster: PaymasterRpc,
  user: PaymasterUser,
  relayer: string,
  refusal: Record<string, unknown> = {},
): Promise<void> {
  const { account, deploymentData } = user;
  const details: PaymasterDetails = { ...paidIn(STRK), deploymentData };
  const calls = [transfer(STRK, RECIPIENT, 9n)];
  const built = await account.buildPaymasterTransaction(calls, details);
  const signed = await account.preparePaymasterTransaction(built);
  if (signed.type !== 'deploy_and_invoke') {
    throw new Error('expected deploy_and_invoke');
  }
  await expect(
    paymaster.executeTransaction(forged(signed), built.parameters),
  ).rejects.toMatchObject({ code: 156, ...refusal });
  await expect(provider.getClassHashAt(account.address)).rejects.toThrow(
    /Contract not found/u,
  );
  const balance = async (address: string): Promise<bigint> =>
    balanceOf(provider, STRK, address);
  const fee = await account.estimatePaymasterTransactionFee(calls, details);
  const [recipientBefore = 0n, relayerBefore = 0n] = await Promise.all(
    [RECIPIENT, relayer].map(balance),
  );
  const { transaction_hash: txHash } =
    await account.executePaymasterTransaction(calls, details);
  const gas = await feeOf(provider, txHash);
  expect(BigInt(await provider.getClassHashAt(account.address))).toBe(
    BigInt(ARGENT_CLASS_HASH),
  );
  const paid = BigInt(fee.suggested_max_fee_in_gas_token);
  expect(await balance(account.address)).toBe(10n ** 18n - 9n - paid);
  expect(await balance(RECIPIENT)).toBe(recipientBefore + 9n);
  expect(await balance(relayer)).toBe(relayerBefore + paid - gas);
}

/**
 * Sends a sponsored transfer of 77 FRI of STRK from a deployed user and
 * checks that the calls ran as signed, with no fee taken, and that the
 * paymaster answers as AVNU's service: no tracking of the transaction.
 *
 * @param provider - The node.
 * @param user - The user's account.
 * @param paymasterUrl - Where the paymaster answers JSON-RPC.
 */
export async function checkSponsoredTransfer(
  provider: RpcProvider,
  user: Account,
  paymasterUrl: string,
): Promise<void> {
  const balances = async (): Promise<bigint[]> =>
    Promise.all(
      [user.address, RECIPIENT].map(async (address) =>
        balanceOf(provider, STRK, address),
      ),
    );
  const [userBefore = 0n, recipientBefore = 0n] = await balances();
  const { transaction_hash: txHash } = await user.executePaymasterTransaction(
    [transfer(STRK, RECIPIENT, 77n)],
    SPONSORED,
  );
  await feeOf(provider, txHash);
  expect(await balances()).toStrictEqual([
    userBefore - 77n,
    recipientBefore + 77n,
  ]);
  // AVNU's dialect: no tracking (tracking_id 0x0, no trackingIdToLatestHash).
  const tracking = await rpc(paymasterUrl, 'paymaster_trackingIdToLatestHash', {
    tracking_id: txHash,
  });
  expect(tracking.error?.code).toBe(-32601);
}

/**
 * Sends a transfer of 1234 FRI of STRK from a deployed user, paid in STRK,
 * and checks what the chain then shows: the relayer sent it (the user's
 * nonce unmoved), the user paid the transfer and the suggested fee, the
 * relayer kept that fee less its gas (the fee covering the gas).
 *
 * @param provider - The node.
 * @param user - The user's account.
 * @param relayer - The paymaster's relayer.
 * @returns The transaction's hash.
 */
export async function checkPaidInStrk(
  provider: RpcProvider,
  user: Account,
  relayer: string,
): Promise<string> {
  const calls = [transfer(STRK, RECIPIENT, 1234n)];
  const balances = async (): Promise<bigint[]> =>
    Promise.all(
      [user.address, RECIPIENT, relayer].map(async (address) =>
        balanceOf(provider, STRK, address),
      ),
    );
  const fee = await user.estimatePaymasterTransactionFee(calls, paidIn(STRK));
  const nonce = await provider.getNonceForAddress(user.address);
  const [userBefore = 0n, recipientBefore = 0n, relayerBefore = 0n] =
    await balances();
  const { transaction_hash: txHash } = await user.executePaymasterTransaction(
    calls,
    paidIn(STRK),
  );
  const gas = await feeOf(provider, txHash);
  const paid = BigInt(fee.suggested_max_fee_in_gas_token);
  expect(paid).toBeGreaterThan(gas);
  expect(await balances()).toStrictEqual([
    userBefore - 1234n - paid,
    recipientBefore + 1234n,
    relayerBefore + paid - gas,
  ]);
  expect(await provider.getNonceForAddress(user.address)).toBe(nonce);
  const tx = await provider.getTransactionByHash(txHash);
  expect('sender_address' in tx && BigInt(tx.sender_address)).toBe(
    BigInt(relayer),
  );
  return txHash;
}
