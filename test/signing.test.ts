import type { Json } from '@metamask/snaps-sdk';
import { typedData } from 'starknet';

import {
  ACCOUNT_0,
  MAINNET,
  RESOURCE_BOUNDS,
  STRK,
  TESTNET,
  typedDataRevision0,
  typedDataRevision1,
} from './fixtures';
import {
  confirmationOf,
  errorOf,
  installSharedWallet,
  invoke,
  resultOf,
  textOf,
} from './installedWallet';
import type { Wallet } from './installedWallet';
import { signedBy } from './signatures';

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
  return signedBy(ACCOUNT_0.privateKey, signature, messageHash);
}

describe('snapnet_signMessage', () => {
  it.each([
    ['revision 1 as an object', typedDataRevision1, false],
    ['revision 1 as JSON text', typedDataRevision1, true],
    ['revision 0', typedDataRevision0, false],
  ])(
    'signs %s after showing the domain and fields',
    async (_name, data, asText) => {
      const wallet = await installSharedWallet();
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
    const wallet = await installSharedWallet();
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
    expect(await pending).toRespondWithError(
      expect.objectContaining({ code: 4001 }),
    );
  });

  it('puts a danger banner on a domain that names another chain than the network', async () => {
    const wallet = await installSharedWallet();
    const pending = invoke(wallet, 'snapnet_signMessage', {
      typedDataMessage: typedDataRevision1,
      signerAddress: ACCOUNT_0.address,
      chainId: MAINNET,
    });
    const dialog = await confirmationOf(pending);
    expect(textOf(dialog.content)).toContain('Another network');
    expect(textOf(dialog.content)).toContain(
      `chain SN_SEPOLIA (${TESTNET}), not Mainnet`,
    );
    await dialog.cancel();
    expect(await pending).toRespondWithError(
      expect.objectContaining({ code: 4001 }),
    );
  });

  it('shows the domain as its type hashes it, and warns when it binds no chain', async () => {
    const wallet = await installSharedWallet();
    // The domain object names a chain and a salt, but the domain type lists
    // neither: they are not signed, so they are not shown, and the signature
    // is valid on every network.
    const unbound = {
      ...typedDataRevision0,
      types: {
        ...typedDataRevision0.types,
        StarkNetDomain: [
          { name: 'name', type: 'felt' },
          { name: 'version', type: 'felt' },
        ],
      },
      domain: { ...typedDataRevision0.domain, salt: 'decoy-salt' },
    };
    const pending = invoke(wallet, 'snapnet_signMessage', {
      typedDataMessage: unbound,
      signerAddress: ACCOUNT_0.address,
    });
    const dialog = await confirmationOf(pending);
    const text = textOf(dialog.content);
    expect(text).toContain('Valid on every network');
    expect(text).toContain('Legacy Exchange');
    expect(text).not.toContain('decoy-salt');
    expect(text).not.toContain('Row chainId');
    await dialog.ok();
    const result = await resultOf(pending);
    const signature = typeof result === 'string' ? result.split(',') : [];
    expect(
      signedByAccount0(
        signature,
        typedData.getMessageHash(unbound, ACCOUNT_0.address),
      ),
    ).toBe(true);
  });

  it.each([
    [
      'a session grant',
      {
        types: {
          StarknetDomain: typedDataRevision1.types.StarknetDomain,
          Session: [
            { name: 'Expires At', type: 'timestamp' },
            { name: 'Session Key', type: 'felt' },
          ],
        },
        primaryType: 'Session',
        domain: {
          ...typedDataRevision1.domain,
          name: 'SessionAccount.session',
        },
        message: { 'Expires At': 1900000000, 'Session Key': '0x1234' },
      },
      'grants a session',
    ],
    [
      'a message carrying calls',
      {
        types: {
          StarknetDomain: typedDataRevision1.types.StarknetDomain,
          Order: [{ name: 'action', type: 'Action' }],
          Action: [
            { name: 'to', type: 'ContractAddress' },
            { name: 'selector', type: 'selector' },
            { name: 'calldata', type: 'felt*' },
          ],
        },
        primaryType: 'Order',
        domain: typedDataRevision1.domain,
        message: {
          action: { to: STRK, selector: 'transfer', calldata: ['0x1'] },
        },
      },
      'contains contract calls',
    ],
  ])('never shows %s as a plain message', async (_name, data, warning) => {
    const wallet = await installSharedWallet();
    const pending = invoke(wallet, 'snapnet_signMessage', {
      typedDataMessage: data,
      signerAddress: ACCOUNT_0.address,
    });
    const dialog = await confirmationOf(pending);
    const text = textOf(dialog.content);
    expect(text).toContain('This is not just a message');
    expect(text).toContain(warning);
    await dialog.cancel();
    expect(await pending).toRespondWithError(
      expect.objectContaining({ code: 4001 }),
    );
  });

  it('refuses an outside execution it cannot read, and oversized typed data', async () => {
    const wallet = await installSharedWallet();
    const malformed = {
      types: {
        StarkNetDomain: typedDataRevision0.types.StarkNetDomain,
        OutsideExecution: [
          { name: 'caller', type: 'felt' },
          { name: 'nonce', type: 'felt' },
        ],
      },
      primaryType: 'OutsideExecution',
      domain: {
        name: 'Account.execute_from_outside',
        version: '1',
        chainId: TESTNET,
      },
      message: { caller: '0x1', nonce: '0x2' },
    };
    const refused = await errorOf(
      invoke(wallet, 'snapnet_signMessage', {
        typedDataMessage: malformed,
        signerAddress: ACCOUNT_0.address,
      }),
    );
    expect(refused.code).toBe(-32602);
    expect(refused.message).toContain('outside execution');
    const huge = {
      ...typedDataRevision1,
      message: {
        ...typedDataRevision1.message,
        tags: Array.from({ length: 600 }, (_, index) => `t${index}`),
      },
    };
    const tooBig = await errorOf(
      invoke(wallet, 'snapnet_signMessage', {
        typedDataMessage: huge,
        signerAddress: ACCOUNT_0.address,
      }),
    );
    expect(tooBig.code).toBe(-32602);
    expect(tooBig.message).toContain('too large to show faithfully');
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
  ])('rejects %j naming %s, with no dialog', async (params, field) => {
    const wallet = await installSharedWallet();
    expect(
      await invoke(wallet, 'snapnet_signMessage', params),
    ).toRespondWithError(
      expect.objectContaining({
        code: -32602,
        message: expect.stringContaining(field),
      }),
    );
  });

  it('refuses a signer not shared with the site, with no dialog (4100, naming it)', async () => {
    const wallet = await installSharedWallet();
    expect(
      await invoke(
        wallet,
        'snapnet_signMessage',
        {
          typedDataMessage: typedDataRevision1,
          signerAddress: ACCOUNT_0.address,
        },
        'https://other.example',
      ),
    ).toRespondWithError(
      expect.objectContaining({
        code: 4100,
        message: expect.stringContaining(ACCOUNT_0.address),
      }),
    );
  });
});

/** A revision 1 domain on Testnet, as SNIP-12 defines it. */
const DOMAIN_REVISION_1 = {
  types: { StarknetDomain: typedDataRevision1.types.StarknetDomain },
  domain: typedDataRevision1.domain,
};

/**
 * Revision 1 typed data whose message is one struct `Note`.
 *
 * @param members - Note's members.
 * @param message - The message.
 * @param types - Other types it uses.
 * @returns The typed data.
 */
function note(
  members: { name: string; type: string; contains?: string }[],
  message: Record<string, Json>,
  types: Record<string, { name: string; type: string }[]> = {},
): Record<string, Json> {
  return {
    types: { ...DOMAIN_REVISION_1.types, Note: members, ...types },
    primaryType: 'Note',
    domain: DOMAIN_REVISION_1.domain,
    message,
  };
}

/** Revision 0 typed data whose message is one felt `value`. */
const REVISION_0_FELT = {
  types: {
    StarkNetDomain: typedDataRevision0.types.StarkNetDomain,
    Note: [{ name: 'value', type: 'felt' }],
  },
  primaryType: 'Note',
  domain: typedDataRevision0.domain,
};

const PRIME = 2n ** 251n + 17n * 2n ** 192n + 1n;

describe('typed data: every hashed value is checked against its type and shown as hashed', () => {
  it.each([
    ['felt', `0x${PRIME.toString(16)}`],
    ['felt', 'more than thirty-one characters of text'],
    ['shortstring', 'caf\u00e9'],
    ['u128', `0x${(2n ** 128n).toString(16)}`],
    ['timestamp', (2n ** 128n).toString()],
    ['i128', (2n ** 127n).toString()],
    ['ContractAddress', `0x${(2n ** 251n).toString(16)}`],
    ['ClassHash', `0x${PRIME.toString(16)}`],
    ['bool', 'yes'],
    ['selector', 5],
    ['string', 'line\nbreak'],
  ])(
    'refuses a %s of %j with -32602 naming the field, with no dialog',
    async (type, value) => {
      const wallet = await installSharedWallet();
      expect(
        await invoke(wallet, 'snapnet_signMessage', {
          typedDataMessage: note([{ name: 'value', type }], { value }),
          signerAddress: ACCOUNT_0.address,
        }),
      ).toRespondWithError(
        expect.objectContaining({
          code: -32602,
          message: expect.stringContaining('typedDataMessage.message.value:'),
        }),
      );
    },
  );

  it.each([
    [
      'a u256 half past 2^128',
      note([{ name: 'amount', type: 'u256' }], {
        amount: { low: `0x${(2n ** 128n).toString(16)}`, high: 0 },
      }),
      'typedDataMessage.message.amount.low:',
    ],
    [
      'a revision 0 felt past the prime',
      { ...REVISION_0_FELT, message: { value: PRIME.toString() } },
      'typedDataMessage.message.value:',
    ],
    [
      'an undefined type',
      note([{ name: 'value', type: 'uint256' }], { value: 1 }),
      'typedDataMessage.types.Note.0.type:',
    ],
    [
      'a missing member',
      note(
        [
          { name: 'to', type: 'ContractAddress' },
          { name: 'amount', type: 'u128' },
        ],
        { to: '0x1' },
      ),
      'typedDataMessage.message.amount:',
    ],
    [
      'a domain value past its type',
      {
        ...note([{ name: 'value', type: 'felt' }], { value: 1 }),
        domain: { ...DOMAIN_REVISION_1.domain, chainId: 'SN_SEPOLIA\u202E' },
      },
      'typedDataMessage.domain.chainId:',
    ],
  ])(
    'refuses %s with -32602 naming the field, with no dialog',
    async (_name, typedDataMessage, field) => {
      const wallet = await installSharedWallet();
      expect(
        await invoke(wallet, 'snapnet_signMessage', {
          typedDataMessage,
          signerAddress: ACCOUNT_0.address,
        }),
      ).toRespondWithError(
        expect.objectContaining({
          code: -32602,
          message: expect.stringContaining(field),
        }),
      );
    },
  );

  it('shows a right-to-left override in a member name and in a value as ⟨U+202E⟩', async () => {
    const wallet = await installSharedWallet();
    const pending = invoke(wallet, 'snapnet_signMessage', {
      typedDataMessage: note(
        [
          { name: 'pay\u202Etxt.exe', type: 'felt' },
          { name: 'action', type: 'enum', contains: 'Action' },
        ],
        { 'pay\u202Etxt.exe': 1, action: { 'Appro\u202Eve': [] } },
        { Action: [{ name: 'Appro\u202Eve', type: '()' }] },
      ),
      signerAddress: ACCOUNT_0.address,
    });
    const dialog = await confirmationOf(pending);
    const text = textOf(dialog.content);
    expect(text).toContain('pay⟨U+202E⟩txt.exe (felt)');
    expect(text).toContain('Row variant Text Appro⟨U+202E⟩ve');
    expect(text).not.toContain('\u202E');
    await dialog.cancel();
    expect(await pending).toRespondWithError(
      expect.objectContaining({ code: 4001 }),
    );
  });

  it('shows a felt written as text as the felt that is hashed, and a u256 without the members it does not hash', async () => {
    const wallet = await installSharedWallet();
    const data = note(
      [
        { name: 'greeting', type: 'felt' },
        { name: 'amount', type: 'u256' },
      ],
      {
        greeting: 'hello',
        amount: { low: '0x5', high: '0x1', decimals: 'decoy-decimals' },
      },
    );
    const pending = invoke(wallet, 'snapnet_signMessage', {
      typedDataMessage: data,
      signerAddress: ACCOUNT_0.address,
    });
    const dialog = await confirmationOf(pending);
    const text = textOf(dialog.content);
    expect(text).toContain('greeting (felt) Text 0x68656c6c6f ("hello")');
    expect(text).toContain(`amount (u256) Text ${2n ** 128n + 5n}`);
    expect(text).not.toContain('decoy-decimals');
    expect(text).not.toContain('decimals');
    await dialog.ok();
    const signature = await resultOf(pending);
    expect(
      signedByAccount0(
        typeof signature === 'string' ? signature.split(',') : [],
        typedData.getMessageHash(
          JSON.parse(JSON.stringify(data)),
          ACCOUNT_0.address,
        ),
      ),
    ).toBe(true);
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
  async function sign(wallet: Wallet, data: object): Promise<string> {
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
    const wallet = await installSharedWallet();
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
    const wallet = await installSharedWallet();
    expect(
      await invoke(wallet, 'snapnet_verifySignedMessage', {
        typedDataMessage: typedDataRevision1,
        address: ACCOUNT_0.address,
        signature: '0x1,0x2',
        ...override,
      }),
    ).toRespondWithError(
      expect.objectContaining({
        code: -32602,
        message: expect.stringContaining(field),
      }),
    );
  });
});

/** Mainnet's chain id plus the Stark prime: the same felt in a hash. */
const MAINNET_PLUS_PRIME = `0x${(
  BigInt(MAINNET) +
  2n ** 251n +
  17n * 2n ** 192n +
  1n
).toString(16)}`;

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
    [
      { transactionsDetail: { ...details, paymasterData: ['0x1'] } },
      'transactionsDetail.paymasterData',
    ],
    [
      { transactionsDetail: { ...details, accountDeploymentData: ['0x1'] } },
      'transactionsDetail.accountDeploymentData',
    ],
    [
      { transactionsDetail: { ...details, feeDataAvailabilityMode: 'L2' } },
      'transactionsDetail.feeDataAvailabilityMode',
    ],
    [
      { transactionsDetail: { ...details, nonceDataAvailabilityMode: 1 } },
      'transactionsDetail.nonceDataAvailabilityMode',
    ],
    [{ address: undefined }, 'address'],
    [{ senderAddress: '0x1234' }, 'senderAddress'],
    [{ chainId: '0x1' }, 'chainId'],
    // Mainnet's id plus the prime: hashed, it would be Mainnet's.
    [{ chainId: MAINNET_PLUS_PRIME }, 'chainId'],
    // Past their protocol widths, an amount would spill into its price in
    // the hash, and a tip into nothing anyone sees.
    [
      {
        transactionsDetail: {
          ...details,
          resourceBounds: {
            ...RESOURCE_BOUNDS,
            l2_gas: {
              max_amount: `0x${(2n ** 64n).toString(16)}`,
              max_price_per_unit: '0x1',
            },
          },
        },
      },
      'transactionsDetail.resourceBounds.l2_gas.max_amount',
    ],
    [
      {
        transactionsDetail: {
          ...details,
          resourceBounds: {
            ...RESOURCE_BOUNDS,
            l1_gas: {
              max_amount: '0x1',
              max_price_per_unit: `0x${(2n ** 128n).toString(16)}`,
            },
          },
        },
      },
      'transactionsDetail.resourceBounds.l1_gas.max_price_per_unit',
    ],
    [
      { transactionsDetail: { ...details, tip: (2n ** 64n).toString() } },
      'transactionsDetail.tip',
    ],
  ])('rejects %j naming %s, with no dialog', async (override, field) => {
    const wallet = await installSharedWallet();
    const params = JSON.parse(
      JSON.stringify({
        address: ACCOUNT_0.address,
        chainId: TESTNET,
        transactions: calls,
        transactionsDetail: details,
        ...override,
      }),
    );
    expect(
      await invoke(wallet, 'snapnet_signTransaction', params),
    ).toRespondWithError(
      expect.objectContaining({
        code: -32602,
        message: expect.stringContaining(field),
      }),
    );
  });
});

describe('snapnet_signDeclareTransaction', () => {
  const classHash =
    '0x29927c8af6bccf3f6fda035981e765a7bdbf18a2dc0d630494f8758aa908e2b';
  const compiledClassHash =
    '0x1a9f8bd4dd86b1b0d3a8d9e2fbc3b0c8e1b5f0a9d2c3e4f5a6b7c8d9e0f1a2b';
  it.each([
    [{ classHash: undefined }, 'details.classHash'],
    [{ compiledClassHash: undefined }, 'details.compiledClassHash'],
    [{ chainId: MAINNET }, 'details.chainId'],
    [{ version: '0x2' }, 'details.version'],
    [{ paymasterData: ['0x5'] }, 'details.paymasterData'],
  ])('rejects details %j naming %s', async (override, field) => {
    const wallet = await installSharedWallet();
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
    expect(
      await invoke(wallet, 'snapnet_signDeclareTransaction', params),
    ).toRespondWithError(
      expect.objectContaining({
        code: -32602,
        message: expect.stringContaining(field),
      }),
    );
  });
});

describe('what cannot be shown whole is refused', () => {
  const transfer = {
    contractAddress: STRK,
    entrypoint: 'transfer',
    calldata: [RECIPIENT, '1', '0'],
  };

  it.each([
    [
      'too many calls',
      { transactions: Array.from({ length: 33 }, () => transfer) },
      'transactions',
    ],
    [
      'calldata too long to show',
      {
        transactions: [
          { ...transfer, calldata: Array.from({ length: 2049 }, () => '0x1') },
        ],
      },
      'transactions.0.calldata',
    ],
    [
      'an entrypoint name too long',
      { transactions: [{ ...transfer, entrypoint: 'x'.repeat(257) }] },
      'transactions.0.entrypoint',
    ],
  ])(
    '%s: -32602 naming the field, with no dialog',
    async (_name, override, field) => {
      const wallet = await installSharedWallet();
      expect(
        await invoke(wallet, 'snapnet_signTransaction', {
          address: ACCOUNT_0.address,
          ...override,
        }),
      ).toRespondWithError(
        expect.objectContaining({
          code: -32602,
          message: expect.stringContaining(field),
        }),
      );
    },
  );
});
