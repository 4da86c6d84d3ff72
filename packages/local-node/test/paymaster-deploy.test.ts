import type { PaymasterDetails, PaymasterRpc, RpcProvider } from 'starknet';
import { Account } from 'starknet';

import { ARGENT_CLASS_HASH, STRK } from './helpers';
import { startPaymasterFixture } from './paymaster-fixture';
import type { PaymasterFixture } from './paymaster-fixture';
import { paymasterSpec } from './paymaster-spec';
import {
  paidIn,
  SPONSORED,
  transfer,
  WAIT,
  checkPaidDeployment,
} from './paymaster-users';
import type { DeploymentData } from './paymaster-users';
import type { LocalNode } from '../src';

let node: LocalNode;
let provider: RpcProvider;
let paymaster: PaymasterRpc;
let funder: Account;
let relayer: string;
let userDeployment: DeploymentData;
let argentFor: PaymasterFixture['argentFor'];
let newArgent: ReturnType<PaymasterFixture['argentFor']>;

beforeAll(async () => {
  ({ node, provider, paymaster, funder, relayer, userDeployment, argentFor } =
    await startPaymasterFixture(12));
  newArgent = argentFor('0x2b9c8d7e6f5a4b3c2d1e0f9a8b5f1e3a');
});

afterAll(async () => {
  await node.stop();
});

describe("the local node's SNIP-29 paymaster deploys accounts", () => {
  it('refuses bad deployment data (158) and other classes (155); builds a paid deployment alone as AVNU does', async () => {
    const parameters = (
      details: PaymasterDetails,
    ): Parameters<PaymasterRpc['buildTransaction']>[1] => ({
      version: '0x1',
      ...details,
    });
    const deployment = (fields: Partial<DeploymentData>): DeploymentData => ({
      ...newArgent.deploymentData,
      ...fields,
    });
    const deployOnly = (
      fields: Partial<DeploymentData>,
    ): Parameters<PaymasterRpc['buildTransaction']>[0] => ({
      type: 'deploy',
      deployment: deployment(fields),
    });
    // The address is not the class's for that salt and calldata.
    await expect(
      paymaster.buildTransaction(
        deployOnly({ salt: '0x1' }),
        parameters(SPONSORED),
      ),
    ).rejects.toMatchObject({ code: 158 });
    // Already deployed.
    await expect(
      paymaster.buildTransaction(
        deployOnly(userDeployment),
        parameters(SPONSORED),
      ),
    ).rejects.toMatchObject({ code: 158 });
    await expect(
      paymaster.buildTransaction(
        deployOnly({ class_hash: '0x1234' }),
        parameters(SPONSORED),
      ),
    ).rejects.toMatchObject({ code: 155 });
    // AVNU answers a paid deployment alone deploy_and_invoke, its typed data
    // the fee transfer alone (paymaster-dialects.test.ts runs it).
    const paidAlone = await paymaster.buildTransaction(
      deployOnly({}),
      parameters(paidIn(STRK)),
    );
    expect(paidAlone.type).toBe('deploy_and_invoke');
  });

  it('deploys an account and runs its calls paid in STRK (deploy_and_invoke)', async () => {
    const { account } = newArgent;
    await provider.waitForTransaction(
      (await funder.execute(transfer(STRK, account.address, 10n ** 18n)))
        .transaction_hash,
      WAIT,
    );
    // The forgery is found when the account, not yet deployed, runs the
    // execution on the pre-confirmed state: Argent's own refusal.
    await checkPaidDeployment(provider, paymaster, newArgent, relayer, {
      baseError: {
        data: { execution_error: expect.stringMatching(/invalid-owner-sig/u) },
      },
    });
  });

  it('deploys an account alone when sponsored (deploy)', async () => {
    const { account, deploymentData } = argentFor('0x7a11ce');
    const { transaction_hash: txHash } =
      await account.executePaymasterTransaction([], {
        ...SPONSORED,
        deploymentData,
      });
    await provider.waitForTransaction(txHash, WAIT);
    expect(BigInt(await provider.getClassHashAt(account.address))).toBe(
      BigInt(ARGENT_CLASS_HASH),
    );
  });

  it('checked every paymaster call against SNIP-29', () => {
    expect([...paymasterSpec.seen.keys()].sort()).toStrictEqual([
      'paymaster_buildTransaction',
      'paymaster_executeTransaction',
    ]);
  });
});
