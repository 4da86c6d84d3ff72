import { ec, EDAMode, hash, transaction, typedData } from 'starknet';
import type { ResourceBoundsBN } from 'starknet';

import {
  RESOURCE_BOUNDS,
  typedDataRevision0,
  typedDataRevision1,
} from './fixtures';
import {
  ACCOUNT_0,
  confirmationOf,
  errorOf,
  installWallet,
  invoke,
  MAINNET,
  resultOf,
  TESTNET,
  textOf,
} from './helpers';

const FULL_PUBLIC_KEY = ec.starkCurve.getPublicKey(ACCOUNT_0.privateKey, false);
const STRK =
  '0x04718f5a0fc34cc1af16a1cdee98ffb20c31f5cd61d6ab07201858f4287c938d';
const RECIPIENT =
  '0x0000000000000000000000000000000000000000000000000000000000001234';

/**
 * Whether `[r, s]` is ACCOUNT_0's signature of `messageHash`.
 *
 * @param signature - Hex values.
 * @param messageHash - The hash.
 * @returns Whether it verifies.
 */
function signedByAccount0(signature: unknown, messageHash: string): boolean {
  if (!Array.isArray(signature) || signature.length !== 2) {
    return false;
  }
  const [sigR, sigS] = signature.map((value) => BigInt(String(value)));
  return ec.starkCurve.verify(
    new ec.starkCurve.Signature(sigR ?? 0n, sigS ?? 0n),
    messageHash,
    FULL_PUBLIC_KEY,
  );
}

const BN = (bounds: typeof RESOURCE_BOUNDS): ResourceBoundsBN => ({
  l1_gas: {
    max_amount: BigInt(bounds.l1_gas.max_amount),
    max_price_per_unit: BigInt(bounds.l1_gas.max_price_per_unit),
  },
  l2_gas: {
    max_amount: BigInt(bounds.l2_gas.max_amount),
    max_price_per_unit: BigInt(bounds.l2_gas.max_price_per_unit),
  },
  l1_data_gas: {
    max_amount: BigInt(bounds.l1_data_gas.max_amount),
    max_price_per_unit: BigInt(bounds.l1_data_gas.max_price_per_unit),
  },
});

describe('snapnet_signMessage', () => {
  it.each([
    ['revision 1 as an object', typedDataRevision1, false],
    ['revision 1 as JSON text', typedDataRevision1, true],
    ['revision 0', typedDataRevision0, false],
  ])(
    'signs %s after showing the domain and fields',
    async (_name, data, asText) => {
      const wallet = await installWallet();
      const pending = invoke(wallet, 'snapnet_signMessage', {
        typedDataMessage: asText ? JSON.stringify(data) : data,
        signerAddress: ACCOUNT_0.address,
      });
      const dialog = await confirmationOf(pending);
      const text = textOf(dialog.content);
      expect(text).toContain('https://dapp.example');
      expect(text).toContain(ACCOUNT_0.address);
      expect(text).toContain(data.domain.name);
      expect(text).not.toContain('"types"');
      await dialog.ok();
      const signature = await resultOf(pending);
      if (typeof signature !== 'string') {
        throw new Error('Expected the signature as text');
      }
      const parts = signature.split(',');
      expect(parts).toHaveLength(2);
      expect(
        signedByAccount0(
          parts,
          typedData.getMessageHash(data, ACCOUNT_0.address),
        ),
      ).toBe(true);
    },
  );

  it('shows message fields readably, nested structs and arrays included', async () => {
    const wallet = await installWallet();
    const pending = invoke(wallet, 'snapnet_signMessage', {
      typedDataMessage: typedDataRevision1,
      signerAddress: ACCOUNT_0.address,
    });
    const dialog = await confirmationOf(pending);
    const text = textOf(dialog.content);
    for (const shown of [
      'Alice',
      'Bob',
      'Hello Bob',
      'greeting',
      'urgent',
      'SN_SEPOLIA',
    ]) {
      expect(text).toContain(shown);
    }
    expect(text).not.toContain('Different network');
    await dialog.cancel();
    expect((await errorOf(pending)).code).toBe(4001);
  });

  it('warns when the domain names another chain than the network', async () => {
    const wallet = await installWallet();
    const pending = invoke(wallet, 'snapnet_signMessage', {
      typedDataMessage: typedDataRevision1,
      signerAddress: ACCOUNT_0.address,
      chainId: MAINNET,
    });
    const dialog = await confirmationOf(pending);
    expect(textOf(dialog.content)).toContain('Different network');
    await dialog.cancel();
    expect((await errorOf(pending)).code).toBe(4001);
  });

  it.each([
    [
      { typedDataMessage: '{not json', signerAddress: ACCOUNT_0.address },
      'typedDataMessage',
    ],
    [
      { typedDataMessage: { types: {} }, signerAddress: ACCOUNT_0.address },
      'typedDataMessage',
    ],
    [
      {
        typedDataMessage: { ...typedDataRevision1, primaryType: 'Missing' },
        signerAddress: ACCOUNT_0.address,
      },
      'typedDataMessage',
    ],
    [{ typedDataMessage: typedDataRevision1 }, 'signerAddress'],
    [
      {
        typedDataMessage: typedDataRevision1,
        signerAddress:
          '0x0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef',
      },
      'signerAddress',
    ],
  ])('rejects %j naming %s, with no dialog', async (params, field) => {
    const wallet = await installWallet();
    const error = await errorOf(invoke(wallet, 'snapnet_signMessage', params));
    expect(error.code).toBe(-32602);
    expect(error.message).toContain(field);
  });
});

describe('snapnet_verifySignedMessage', () => {
  /**
   * Signs typed data through the snap.
   *
   * @param wallet - The snap.
   * @param data - The typed data.
   * @returns The comma-joined signature.
   */
  async function sign(
    wallet: Awaited<ReturnType<typeof installWallet>>,
    data: object,
  ): Promise<string> {
    const pending = invoke(wallet, 'snapnet_signMessage', {
      typedDataMessage: JSON.parse(JSON.stringify(data)),
      signerAddress: ACCOUNT_0.address,
    });
    await (await confirmationOf(pending)).ok();
    const signature = await resultOf(pending);
    if (typeof signature !== 'string') {
      throw new Error('Expected the signature as text');
    }
    return signature;
  }

  it('accepts its own signature as text or as an array, and refuses a forged one', async () => {
    const wallet = await installWallet();
    const signature = await sign(wallet, typedDataRevision1);
    const verify = async (
      candidate: string | string[],
      data: object = typedDataRevision1,
    ): Promise<unknown> =>
      resultOf(
        invoke(wallet, 'snapnet_verifySignedMessage', {
          typedDataMessage: JSON.parse(JSON.stringify(data)),
          address: ACCOUNT_0.address,
          signature: candidate,
        }),
      );
    expect(await verify(signature)).toBe(true);
    expect(await verify(signature.split(','))).toBe(true);
    const [sigR, sigS] = signature.split(',');
    expect(
      await verify([
        String(sigR),
        `0x${(BigInt(String(sigS)) + 1n).toString(16)}`,
      ]),
    ).toBe(false);
    expect(await verify(signature, typedDataRevision0)).toBe(false);
  });

  it.each([
    [{ signature: 'abc,def' }, 'signature'],
    [{ signature: ['0x1'] }, 'signature'],
    [{ address: 'nope' }, 'address'],
  ])('rejects %j naming %s', async (override, field) => {
    const wallet = await installWallet();
    const error = await errorOf(
      invoke(wallet, 'snapnet_verifySignedMessage', {
        typedDataMessage: typedDataRevision1,
        address: ACCOUNT_0.address,
        signature: '0x1,0x2',
        ...override,
      }),
    );
    expect(error.code).toBe(-32602);
    expect(error.message).toContain(field);
  });
});

describe('snapnet_signTransaction', () => {
  const calls = [
    {
      contractAddress: STRK,
      entrypoint: 'transfer',
      calldata: [RECIPIENT, '1500000000000000000', '0'],
    },
    {
      contractAddress: '0x1234',
      entrypoint: 'do_something',
      calldata: ['0x1', '0x2'],
    },
  ];
  const details = {
    nonce: '0x7',
    resourceBounds: RESOURCE_BOUNDS,
    version: '0x3',
  };

  const expectedHash = (nonce: string, tip = '0x0'): string =>
    hash.calculateInvokeTransactionHash({
      senderAddress: ACCOUNT_0.address,
      version: '0x3',
      compiledCalldata: transaction.getExecuteCalldata(calls, '1'),
      chainId: TESTNET,
      nonce,
      accountDeploymentData: [],
      nonceDataAvailabilityMode: EDAMode.L1,
      feeDataAvailabilityMode: EDAMode.L1,
      resourceBounds: BN(RESOURCE_BOUNDS),
      tip,
      paymasterData: [],
    });

  it('signs the v3 invoke hash after showing every call, with no node', async () => {
    const wallet = await installWallet();
    const pending = invoke(wallet, 'snapnet_signTransaction', {
      address: ACCOUNT_0.address,
      chainId: TESTNET,
      transactions: calls,
      transactionsDetail: details,
    });
    const dialog = await confirmationOf(pending);
    const text = textOf(dialog.content);
    expect(text).toContain('https://dapp.example');
    expect(text).toContain(ACCOUNT_0.address);
    expect(text).toContain('Send 1.5 STRK');
    expect(text).toContain(RECIPIENT);
    expect(text).toContain('do_something');
    expect(text).toContain('0x1, 0x2');
    expect(text).toContain(`Testnet (${TESTNET})`);
    await dialog.ok();
    const signature = await resultOf(pending);
    expect(signedByAccount0(signature, expectedHash('0x7'))).toBe(true);
  });

  it('accepts senderAddress, decimal nonce and a tip', async () => {
    const wallet = await installWallet();
    const pending = invoke(wallet, 'snapnet_signTransaction', {
      senderAddress: ACCOUNT_0.address,
      chainId: TESTNET,
      transactions: calls,
      transactionsDetail: { ...details, nonce: 7, tip: '0x10' },
    });
    await (await confirmationOf(pending)).ok();
    expect(
      signedByAccount0(await resultOf(pending), expectedHash('0x7', '0x10')),
    ).toBe(true);
  });

  it('flags an unlimited approval', async () => {
    const wallet = await installWallet();
    const max = `0x${'f'.repeat(32)}`;
    const pending = invoke(wallet, 'snapnet_signTransaction', {
      address: ACCOUNT_0.address,
      transactions: [
        {
          contractAddress: STRK,
          entrypoint: 'approve',
          calldata: [RECIPIENT, max, max],
        },
      ],
      transactionsDetail: details,
    });
    const dialog = await confirmationOf(pending);
    expect(textOf(dialog.content)).toContain('Allow unlimited STRK spending');
    await dialog.cancel();
    expect((await errorOf(pending)).code).toBe(4001);
  });

  it.each([
    [{ transactions: [] }, 'transactions'],
    [{ transactions: [{ entrypoint: 'x' }] }, 'transactions.0.contractAddress'],
    [
      {
        transactions: [
          { contractAddress: STRK, entrypoint: 'x', calldata: ['zz'] },
        ],
      },
      'calldata',
    ],
    [
      { transactionsDetail: { ...details, version: '0x1' } },
      'transactionsDetail.version',
    ],
    [{ transactionsDetail: { ...details, nonce: -1 } }, 'nonce'],
    [{ address: undefined }, 'address'],
    [{ senderAddress: '0x1234' }, 'senderAddress'],
    [{ chainId: '0x1' }, 'chainId'],
  ])('rejects %j naming %s, with no dialog', async (override, field) => {
    const wallet = await installWallet();
    const params = JSON.parse(
      JSON.stringify({
        address: ACCOUNT_0.address,
        chainId: TESTNET,
        transactions: calls,
        transactionsDetail: details,
        ...override,
      }),
    );
    const error = await errorOf(
      invoke(wallet, 'snapnet_signTransaction', params),
    );
    expect(error.code).toBe(-32602);
    expect(error.message).toContain(field);
  });
});

describe('snapnet_signDeclareTransaction', () => {
  const classHash =
    '0x29927c8af6bccf3f6fda035981e765a7bdbf18a2dc0d630494f8758aa908e2b';
  const compiledClassHash =
    '0x1a9f8bd4dd86b1b0d3a8d9e2fbc3b0c8e1b5f0a9d2c3e4f5a6b7c8d9e0f1a2b';
  const declareHash = (nonce: string): string =>
    hash.calculateDeclareTransactionHash({
      classHash,
      compiledClassHash,
      senderAddress: ACCOUNT_0.address,
      version: '0x3',
      chainId: TESTNET,
      nonce,
      accountDeploymentData: [],
      nonceDataAvailabilityMode: EDAMode.L1,
      feeDataAvailabilityMode: EDAMode.L1,
      resourceBounds: BN(RESOURCE_BOUNDS),
      tip: 0,
      paymasterData: [],
    });

  it('signs the v3 declare hash after a dialog, with fields where the seed puts them', async () => {
    const wallet = await installWallet();
    const pending = invoke(wallet, 'snapnet_signDeclareTransaction', {
      senderAddress: ACCOUNT_0.address,
      chainId: TESTNET,
      details: {
        classHash,
        compiledClassHash,
        senderAddress: ACCOUNT_0.address,
        chainId: TESTNET,
        version: '0x3',
        nonce: '0x2',
        resourceBounds: RESOURCE_BOUNDS,
      },
    });
    const dialog = await confirmationOf(pending);
    const text = textOf(dialog.content);
    expect(text).toContain(classHash);
    expect(text).toContain(ACCOUNT_0.address);
    await dialog.ok();
    const result = await resultOf(pending);
    expect(
      signedByAccount0(
        JSON.parse(JSON.stringify(result)).signature,
        declareHash('0x2'),
      ),
    ).toBe(true);
  });

  it('answers 4001 when the user declines', async () => {
    const wallet = await installWallet();
    const pending = invoke(wallet, 'snapnet_signDeclareTransaction', {
      address: ACCOUNT_0.address,
      chainId: TESTNET,
      details: {
        classHash,
        compiledClassHash,
        nonce: '0x2',
        resourceBounds: RESOURCE_BOUNDS,
      },
    });
    await (await confirmationOf(pending)).cancel();
    expect((await errorOf(pending)).code).toBe(4001);
  });

  it.each([
    [{ classHash: undefined }, 'details.classHash'],
    [{ compiledClassHash: undefined }, 'details.compiledClassHash'],
    [{ chainId: MAINNET }, 'details.chainId'],
    [{ version: '0x2' }, 'details.version'],
  ])('rejects details %j naming %s', async (override, field) => {
    const wallet = await installWallet();
    const params = JSON.parse(
      JSON.stringify({
        address: ACCOUNT_0.address,
        chainId: TESTNET,
        details: {
          classHash,
          compiledClassHash,
          nonce: '0x2',
          resourceBounds: RESOURCE_BOUNDS,
          ...override,
        },
      }),
    );
    const error = await errorOf(
      invoke(wallet, 'snapnet_signDeclareTransaction', params),
    );
    expect(error.code).toBe(-32602);
    expect(error.message).toContain(field);
  });
});
