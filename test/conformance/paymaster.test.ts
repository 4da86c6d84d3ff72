import type { Account } from 'starknet';
import { PaymasterRpc, RpcProvider, num as numUtils } from 'starknet';

import {
  paymasterFetch,
  paymasterSpec,
} from '../../packages/local-node/test/paymaster-spec';
import {
  RECIPIENT,
  SPONSORED,
  argentUser,
  balanceOf as balanceOn,
  feeLowered,
  feeOf,
  forged,
  fundAndDeploy,
  paidIn,
  signedInvoke,
  transfer,
  checkPaidDeployment,
  checkSponsoredTransfer,
  checkPaidInStrk,
} from '../../packages/local-node/test/paymaster-users';
import type { PaymasterUser } from '../../packages/local-node/test/paymaster-users';
import { freePort } from '../../scripts/start/ports';
import {
  ARGENT_CLASS_HASH,
  ensureArgentDeclared,
  predeployedAccount,
} from '../chain/classes';
import { startDevnet } from '../chain/devnet';
import { mint } from '../chain/node';
import type { TestNode } from '../chain/types';
import { ETH, STRK } from '../fixtures';
import { LOCAL_PAYMASTER_API_KEY } from '@snapnet/local-node';

let node: TestNode;
let provider: RpcProvider;
let paymaster: PaymasterRpc;
let relayer: string;
let user: Account;

/**
 * An Argent 0.3.1 account for a key, using the paymaster at the node's URL,
 * and its SNIP-29 deployment data.
 *
 * @param privateKey - The owner's key.
 * @returns The account and its deployment data.
 */
function argentFor(privateKey: string): PaymasterUser {
  return argentUser(provider, paymaster, privateKey);
}

/**
 * An account's balance of a token, by the token's own `balance_of`.
 *
 * @param token - The token.
 * @param address - The account.
 * @returns The balance.
 */
async function balanceOf(token: string, address: string): Promise<bigint> {
  return balanceOn(provider, token, address);
}

/**
 * Balances of the user, the recipient and the relayer in a token.
 *
 * @param token - The token.
 * @returns The three balances.
 */
async function balances(token: string): Promise<bigint[]> {
  return Promise.all(
    [user.address, RECIPIENT, relayer].map(async (address) =>
      balanceOf(token, address),
    ),
  );
}

const gasOf = async (txHash: string): Promise<bigint> =>
  feeOf(provider, txHash);

beforeAll(async () => {
  node = await startDevnet({ port: await freePort() });
  await ensureArgentDeclared(node);
  provider = new RpcProvider({ nodeUrl: node.url });
  // The devnet tier's paymaster speaks AVNU's dialect, as the local node's:
  // sponsored requests carry its key.
  paymaster = new PaymasterRpc({
    nodeUrl: node.url,
    headers: { 'x-paymaster-api-key': LOCAL_PAYMASTER_API_KEY },
    baseFetch: paymasterFetch('avnu'),
  });
  relayer = node.accounts[node.accounts.length - 1]?.address ?? '';
  const first = argentFor('0x5f1e3a2b9c8d7e6f5a4b3c2d');
  await fundAndDeploy(provider, predeployedAccount(node), first);
  user = first.account;
}, 300_000);

afterAll(async () => {
  await node?.stop();
});

describe("the local node's SNIP-29 paymaster in front of starknet-devnet (real Cairo)", () => {
  it('is available, with the relayer as devnet’s last predeployed account', async () => {
    expect(await paymaster.isAvailable()).toBe(true);
    const tokens = await paymaster.getSupportedTokens();
    expect(tokens.map((token) => BigInt(token.token_address))).toStrictEqual([
      BigInt(STRK),
      BigInt(ETH),
    ]);
    const built = await user.buildPaymasterTransaction(
      [transfer(STRK, RECIPIENT, 1n)],
      SPONSORED,
    );
    const message =
      built.type === 'invoke' ? built.typed_data.message : undefined;
    expect(message).toMatchObject({ caller: numUtils.toHex(relayer) });
  });

  it("runs a transfer paid in STRK: Argent's execute_from_outside pays the relayer, the user sends nothing", async () => {
    await checkPaidInStrk(provider, user, relayer);
  });

  it('runs a transfer paid in ETH', async () => {
    const calls = [transfer(STRK, RECIPIENT, 5n)];
    const fee = await user.estimatePaymasterTransactionFee(calls, paidIn(ETH));
    const [userEth = 0n, , relayerEth = 0n] = await balances(ETH);
    const { transaction_hash: txHash } = await user.executePaymasterTransaction(
      calls,
      paidIn(ETH),
    );
    await gasOf(txHash);
    const paid = BigInt(fee.suggested_max_fee_in_gas_token);
    const [userAfter, , relayerAfter] = await balances(ETH);
    expect([userAfter, relayerAfter]).toStrictEqual([
      userEth - paid,
      relayerEth + paid,
    ]);
  });

  it("sponsors: the calls run as signed, with no fee call; AVNU's answer, no tracking", async () => {
    await checkSponsoredTransfer(provider, user, node.url);
  });

  it('refuses a forged signature (153) and a replayed execution (156), changing nothing', async () => {
    const calls = [transfer(STRK, RECIPIENT, 1n)];
    const built = await user.buildPaymasterTransaction(calls, SPONSORED);
    const signed = await user.preparePaymasterTransaction(built);
    if (signed.type !== 'invoke') {
      throw new Error('expected an invoke');
    }
    const relayerNonce = await provider.getNonceForAddress(relayer);
    const before = await balances(STRK);
    await expect(
      paymaster.executeTransaction(forged(signed), built.parameters),
    ).rejects.toMatchObject({ code: 153 });
    expect(await provider.getNonceForAddress(relayer)).toBe(relayerNonce);
    expect(await balances(STRK)).toStrictEqual(before);
    const first = await paymaster.executeTransaction(signed, built.parameters);
    await gasOf(first.transaction_hash);
    const afterFirst = await provider.getNonceForAddress(relayer);
    // The node's execution trace, as devnet nests it, names Argent's refusal.
    const replayed = await paymaster
      .executeTransaction(signed, built.parameters)
      .catch((error: unknown) => error);
    expect(replayed).toMatchObject({ code: 156 });
    expect(JSON.stringify(replayed)).toMatch(
      /argent\/duplicated-outside-nonce/u,
    );
    expect(await provider.getNonceForAddress(relayer)).toBe(afterFirst);
  });

  it('refuses a fee lowered after the build (154), even when the user signed it', async () => {
    const calls = [transfer(STRK, RECIPIENT, 1n)];
    const built = await user.buildPaymasterTransaction(calls, paidIn(STRK));
    if (built.type !== 'invoke') {
      throw new Error('expected an invoke');
    }
    const cheap = feeLowered(built.typed_data, relayer);
    const executable = await signedInvoke(user, cheap);
    const relayerNonce = await provider.getNonceForAddress(relayer);
    await expect(
      paymaster.executeTransaction(executable, built.parameters),
    ).rejects.toMatchObject({ code: 154 });
    expect(await provider.getNonceForAddress(relayer)).toBe(relayerNonce);
  });

  it('deploys an account funded by devnet_mint and runs its calls paid in STRK (deploy_and_invoke)', async () => {
    const { account, deploymentData } = argentFor('0x2b9c8d7e6f5a4b3c2d1e0f');
    await mint(node, account.address, 10n ** 18n, 'FRI');
    await checkPaidDeployment(
      provider,
      paymaster,
      { account, deploymentData },
      relayer,
    );
  });

  it('deploys an account alone when sponsored (deploy)', async () => {
    const { account, deploymentData } = argentFor('0x7a11ce');
    const { transaction_hash: txHash } =
      await account.executePaymasterTransaction([], {
        ...SPONSORED,
        deploymentData,
      });
    await gasOf(txHash);
    expect(BigInt(await provider.getClassHashAt(account.address))).toBe(
      BigInt(ARGENT_CLASS_HASH),
    );
  });

  it('checked every paymaster answer against SNIP-29', () => {
    expect([...paymasterSpec.seen.keys()].sort()).toStrictEqual([
      'paymaster_buildTransaction',
      'paymaster_executeTransaction',
      'paymaster_getSupportedTokens',
      'paymaster_isAvailable',
    ]);
  });
});
