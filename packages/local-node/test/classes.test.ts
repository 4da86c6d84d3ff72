import { Account, CallData, ec, hash } from 'starknet';
import type { CompiledSierra, RpcProvider } from 'starknet';

import { checkedProvider, readArgentSierra, readFixture, rpc } from './helpers';
import type { LocalNode } from '../src';
import { startLocalNode } from '../src';
import { executedKind } from '../src/contracts/executable';

const WAIT = { retryInterval: 20 };
const UDC =
  '0x02ceed65a4bd731034c01113685c831b01c15d7d432f71afb1cf1634b53a2125';
const PRICE = 2_000_000_000n;
const BOUNDS = {
  l1_gas: { max_amount: 0n, max_price_per_unit: PRICE },
  l2_gas: { max_amount: 20_000_000n, max_price_per_unit: PRICE },
  l1_data_gas: { max_amount: 1_000n, max_price_per_unit: PRICE },
};
const NOT_EXECUTABLE =
  'is declared, but the local node cannot execute it: it runs only the classes its README lists';

let node: LocalNode;
let provider: RpcProvider;
let funder: Account;
/** An account class with Argent 0.3.1's entry points but other code. */
let otherClass: string;

beforeAll(async () => {
  node = await startLocalNode({ accounts: 1 });
  provider = checkedProvider(node.url);
  const [first] = node.accounts;
  if (!first) {
    throw new Error('no predeployed account');
  }
  funder = new Account({
    provider,
    address: first.address,
    signer: first.privateKey,
  });
  const argent = readArgentSierra<CompiledSierra>();
  const contract = {
    ...argent,
    sierra_program: [...argent.sierra_program, '0x1'],
  };
  const declared = await funder.declare(
    { contract, compiledClassHash: '0x1234' },
    { resourceBounds: BOUNDS },
  );
  await provider.waitForTransaction(declared.transaction_hash, WAIT);
  otherClass = declared.class_hash;
});

afterAll(async () => {
  await node.stop();
});

// The node executes the classes it knows by hash (or by their code), and
// says so for any other: declaring is fine, running is not.
describe('a declared class the node cannot execute', () => {
  it('is declared and served by getClass', async () => {
    const stored = await provider.getClassByHash(otherClass);
    expect('sierra_program' in stored && stored.sierra_program.length).toBe(
      readArgentSierra<CompiledSierra>().sierra_program.length + 1,
    );
  });

  it('refuses a deploy-account of it with error 63 naming the class, never running it as Argent', async () => {
    const privateKey = '0x5eed';
    const publicKey = ec.starkCurve.getStarkKey(privateKey);
    const address = hash.calculateContractAddressFromHash(
      publicKey,
      otherClass,
      [publicKey, 0],
      0,
    );
    const account = new Account({ provider, address, signer: privateKey });
    const deploy = account.deployAccount(
      {
        classHash: otherClass,
        constructorCalldata: [publicKey, 0],
        addressSalt: publicKey,
        contractAddress: address,
      },
      { resourceBounds: BOUNDS },
    );
    await expect(deploy).rejects.toThrow(
      new RegExp(
        `63.*Class ${otherClass} ${NOT_EXECUTABLE}.*npm start -- --devnet`,
        'su',
      ),
    );
    // Its estimate says the same (41, the simulation's error).
    await expect(
      account.estimateAccountDeployFee({
        classHash: otherClass,
        constructorCalldata: [publicKey, 0],
        addressSalt: publicKey,
        contractAddress: address,
      }),
    ).rejects.toThrow(new RegExp(`41.*${NOT_EXECUTABLE}`, 'su'));
  });

  it('reverts a deployment through the Universal Deployer with the same reason', async () => {
    const deploy = {
      contractAddress: UDC,
      entrypoint: 'deploy_contract',
      calldata: CallData.compile([otherClass, '0x77', 0, [1, 0]]),
    };
    await expect(funder.estimateInvokeFee(deploy)).rejects.toThrow(
      new RegExp(`41.*Class ${otherClass} ${NOT_EXECUTABLE}`, 'su'),
    );
    const sent = await funder.execute(deploy, { resourceBounds: BOUNDS });
    const receipt = await rpc(node.url, 'starknet_getTransactionReceipt', {
      transaction_hash: sent.transaction_hash,
    });
    expect(receipt.result).toMatchObject({
      execution_status: 'REVERTED',
      revert_reason: expect.stringContaining(
        `Class ${otherClass} ${NOT_EXECUTABLE}`,
      ),
    });
  });
});

// The same code runs the same whatever ABI text it was declared with: the
// fingerprints the node knows are those of the fixtures' programs.
describe('classes known by their code', () => {
  it.each([
    ['StarkGate ERC-20', readFixture('ERC20-StarkGate.sierra.json'), 'erc20'],
    ['Argent account 0.3.1', readArgentSierra(), 'argent'],
    [
      "OpenZeppelin's ERC-20 1.0.0",
      readFixture('ERC20-OpenZeppelin-1.0.0.sierra.json'),
      'oz-erc20',
    ],
  ])('%s with its ABI stripped runs as itself', (_name, sierra, kind) => {
    expect(executedKind(0x1n, { ...sierra, abi: '[]' })).toBe(kind);
    expect(
      executedKind(0x1n, {
        ...sierra,
        abi: '[]',
        sierra_program: [...(sierra.sierra_program as string[]), '0x0'],
      }),
    ).toBe('opaque');
  });
});
