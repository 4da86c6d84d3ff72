import type { Json } from '@metamask/snaps-sdk';
import { outsideExecution } from 'starknet';

import { addSiteNetwork, useHostileNode } from './hostile-node';
import type { Rewrite } from './hostile-node';
import { ONE_STRK, SN_DEVNET } from './node';
import { ACCOUNT_0, ETH, STRK } from '../fixtures';
import {
  confirmationOf,
  errorOf,
  installSharedWallet,
  invoke,
  textOf,
} from '../installedWallet';
import type { Wallet } from '../installedWallet';

// What a transaction's dialog says about its calls, from a site that brings
// its own node: the node's simulation is checked against the calls, a
// hostile ABI can neither hang the snap nor overflow the dialog, and a
// site's ABI never stands in for the chain's.

const { hostile } = useHostileNode(ACCOUNT_0.address, 100n * ONE_STRK);

const RECIPIENT =
  '0x0000000000000000000000000000000000000000000000000000000000abcdef';
const TRANSFER_KEY =
  '0x99cd8bde557814842a3121e8ddfd433a539b8c9f14bf31ebf108d12e6196e9';

/**
 * A wallet sharing ACCOUNT_0 with the test site, whose network is the
 * hostile node; what was received while adding it is forgotten.
 *
 * @returns The wallet.
 */
async function siteWallet(): Promise<Wallet> {
  const wallet = await installSharedWallet();
  await addSiteNetwork(wallet, hostile().url, SN_DEVNET);
  hostile().forget();
  return wallet;
}

/**
 * executeTxn from ACCOUNT_0 on the site's network.
 *
 * @param wallet - The snap.
 * @param params - Params besides the address and chain.
 * @returns The pending request.
 */
function execute(
  wallet: Wallet,
  params: Record<string, Json>,
): ReturnType<typeof invoke> {
  return invoke(wallet, 'snapnet_executeTxn', {
    address: ACCOUNT_0.address,
    chainId: SN_DEVNET,
    ...params,
  });
}

/**
 * Whether the hostile node was asked to send a transaction.
 *
 * @returns Whether it was.
 */
function sentAny(): boolean {
  return hostile()
    .seen()
    .some(({ method }) => method === 'starknet_addInvokeTransaction');
}

type Decision = 'approve' | 'decline';

/**
 * Approves or declines a transaction's dialog, and checks the outcome:
 * approved, the node was asked to send it and its hash is answered;
 * declined, 4001 and nothing was sent.
 *
 * @param pending - The request.
 * @param decision - What the user does.
 * @returns The dialog's text.
 */
async function decideSend(
  pending: ReturnType<typeof invoke>,
  decision: Decision,
): Promise<string> {
  const dialog = await confirmationOf(pending);
  const text = textOf(dialog.content);
  if (decision === 'approve') {
    await dialog.ok();
    expect(await pending).toRespondWith({
      transaction_hash: expect.stringMatching(/^0x[0-9a-f]+$/u),
    });
    expect(sentAny()).toBe(true);
  } else {
    await dialog.cancel();
    expect(await pending).toRespondWithError(
      expect.objectContaining({ code: 4001 }),
    );
    expect(sentAny()).toBe(false);
  }
  return text;
}

/**
 * Turns every ERC-20 Transfer event of a node's answer around (`from` and
 * `to` swapped, both layouts): a send reads as a gain.
 *
 * @param value - Any part of the answer.
 * @returns The same, the transfers reversed.
 */
function reversed(value: unknown): unknown {
  if (Array.isArray(value)) {
    return value.map(reversed);
  }
  if (typeof value !== 'object' || value === null) {
    return value;
  }
  const fields = Object.fromEntries(
    Object.entries(value).map(([key, field]) => [key, reversed(field)]),
  );
  const { keys, data } = fields;
  if (
    !Array.isArray(keys) ||
    !Array.isArray(data) ||
    keys[0] !== TRANSFER_KEY
  ) {
    return fields;
  }
  if (keys.length === 3) {
    return { ...fields, keys: [keys[0], keys[2], keys[1]] };
  }
  return { ...fields, data: [data[1], data[0], ...data.slice(2)] };
}

/**
 * An ABI whose function `wide` takes a struct of `width` members, each a
 * struct of `width` members, four levels down to an empty struct: no
 * calldata, and width^4 values to decode.
 *
 * @param width - Members per struct.
 * @returns The ABI as a Sierra class carries it (JSON text).
 */
function wideAbi(width: number): string {
  const levels = ['L0', 'L1', 'L2', 'L3', 'Empty'];
  return JSON.stringify([
    ...levels.map((name, level) => ({
      type: 'struct',
      name,
      members:
        name === 'Empty'
          ? []
          : Array.from({ length: width }, (_, index) => ({
              name: `m${index}`,
              type: levels[level + 1],
            })),
    })),
    { type: 'function', name: 'wide', inputs: [{ name: 'x', type: 'L0' }] },
  ]);
}

/**
 * A rewrite of getClass answers: the class with another ABI.
 *
 * @param abi - The ABI the class then carries (undefined: none).
 * @returns The rewrite.
 */
function classWithAbi(abi: string | undefined): Rewrite {
  return (_call, honest) => {
    const rest = Object.fromEntries(
      Object.entries(honest.result ?? {}).filter(([key]) => key !== 'abi'),
    );
    return { result: abi === undefined ? rest : { ...rest, abi } };
  };
}

const sendOne = {
  contractAddress: STRK,
  entrypoint: 'transfer',
  calldata: [RECIPIENT, ONE_STRK.toString(), '0'],
};

const DECISIONS: Decision[] = ['decline', 'approve'];

describe("the node's simulation checked against the calls", () => {
  it.each(DECISIONS)(
    'a gain reported next to a decoded send is a danger banner; the user may %s',
    async (decision) => {
      const wallet = await siteWallet();
      hostile().script('starknet_simulateTransactions', (_call, honest) => ({
        result: reversed(honest.result),
      }));
      const text = await decideSend(
        execute(wallet, { calls: [sendOne] }),
        decision,
      );
      expect(text).toContain("The node's simulation contradicts the calls");
      expect(text).toContain(
        "These calls, decoded above, change your balances by: -1 STRK. The node's simulation reports: +1 STRK.",
      );
      expect(text).toContain('contradicted by the calls');
      expect(text).toContain('Send 1 STRK');
    },
  );

  it('calls the figures checked when every call is a tracked-token call, and the node’s report otherwise', async () => {
    const wallet = await siteWallet();
    const proven = await decideSend(
      execute(wallet, { calls: [sendOne] }),
      'decline',
    );
    expect(proven).toContain(
      'Your balance changes (simulated, before fees): checked against the calls',
    );
    expect(proven).not.toContain('contradicts');
    const mixed = await decideSend(
      execute(wallet, {
        calls: [
          sendOne,
          {
            contractAddress: ETH,
            entrypoint: 'balance_of',
            calldata: [ACCOUNT_0.address],
          },
        ],
      }),
      'decline',
    );
    expect(mixed).toContain('as the node reports them');
    expect(mixed).toContain('not checked, other contracts are called');
  });
});

describe('a hostile ABI on chain', () => {
  it.each(DECISIONS)(
    'of huge breadth (empty structs, 200^4 values) opens the dialog with the calls raw and a banner; the user may %s',
    async (decision) => {
      const wallet = await siteWallet();
      hostile().script('starknet_getClass', classWithAbi(wideAbi(200)));
      const text = await decideSend(
        execute(wallet, {
          calls: [{ contractAddress: ETH, entrypoint: 'wide', calldata: [] }],
        }),
        decision,
      );
      expect(text).toContain('Calls shown raw');
      expect(text).not.toContain('m0:');
      expect(
        hostile()
          .seen()
          .some(({ method }) => method === 'starknet_getClass'),
      ).toBe(true);
    },
  );

  it.each(DECISIONS)(
    'past the reading bounds (a struct of 5000 empty members) is unreadable, the call raw with the reason; the user may %s',
    async (decision) => {
      const wallet = await siteWallet();
      hostile().script(
        'starknet_getClass',
        classWithAbi(
          JSON.stringify([
            { type: 'struct', name: 'Empty', members: [] },
            {
              type: 'struct',
              name: 'Wide',
              members: Array.from({ length: 5000 }, (_, index) => ({
                name: `m${index}`,
                type: 'Empty',
              })),
            },
            {
              type: 'function',
              name: 'wide',
              inputs: [{ name: 'x', type: 'Wide' }],
            },
          ]),
        ),
      );
      const text = await decideSend(
        execute(wallet, {
          calls: [{ contractAddress: ETH, entrypoint: 'wide', calldata: [] }],
        }),
        decision,
      );
      expect(text).toContain(
        "The contract's ABI on chain could not be read (an entry with more than 256 inputs, members or variants)",
      );
    },
  );

  it.each(DECISIONS)(
    'in an outside execution opens its dialog with the calls raw and a banner; the user may %s',
    async (decision) => {
      const wallet = await siteWallet();
      hostile().script('starknet_getClass', classWithAbi(wideAbi(200)));
      const now = Math.floor(Date.now() / 1000);
      const data = outsideExecution.getTypedData(
        SN_DEVNET,
        {
          caller: 'ANY_CALLER',
          execute_after: now - 600,
          execute_before: now + 3600,
        },
        '0x77',
        [{ contractAddress: ETH, entrypoint: 'wide', calldata: [] }],
        '1',
      );
      const pending = invoke(wallet, 'snapnet_signMessage', {
        typedDataMessage: JSON.parse(JSON.stringify(data)),
        signerAddress: ACCOUNT_0.address,
        chainId: SN_DEVNET,
      });
      const dialog = await confirmationOf(pending);
      const text = textOf(dialog.content);
      expect(text).toContain('Sign a transaction (outside execution)');
      expect(text).toContain('Calls shown raw');
      if (decision === 'approve') {
        await dialog.ok();
        expect(await pending).toRespondWith(
          expect.stringMatching(/^0x[0-9a-f]+,0x[0-9a-f]+$/u),
        );
      } else {
        await dialog.cancel();
        expect(await pending).toRespondWithError(
          expect.objectContaining({ code: 4001 }),
        );
      }
    },
  );
});

describe("the site's ABI never stands in for the chain's", () => {
  const harmless = (name: string): Json => [
    {
      type: 'function',
      name,
      inputs: [{ name: 'harmless_note', type: 'core::felt252' }],
    },
  ];

  it.each(DECISIONS)(
    'a class whose ABI has no such function: raw with a warning, not the site’s ABI; the user may %s',
    async (decision) => {
      const wallet = await siteWallet();
      const text = await decideSend(
        execute(wallet, {
          calls: [
            { contractAddress: ETH, entrypoint: 'wide', calldata: ['0x1'] },
          ],
          abis: { [ETH]: harmless('wide') },
        }),
        decision,
      );
      expect(text).toContain("The contract's ABI on chain has no function");
      expect(text).not.toContain('harmless_note');
      expect(text).not.toContain('As the site describes it');
    },
  );

  it.each(DECISIONS)(
    'calldata the chain’s ABI does not fit: raw with a warning, not the site’s ABI; the user may %s',
    async (decision) => {
      const wallet = await siteWallet();
      const text = await decideSend(
        execute(wallet, {
          calls: [
            {
              contractAddress: ETH,
              entrypoint: 'balance_of',
              calldata: ['0x1', '0x2'],
            },
          ],
          abis: {
            [ETH]: [
              {
                type: 'function',
                name: 'balance_of',
                inputs: [
                  { name: 'harmless_note', type: 'core::felt252' },
                  { name: 'other_note', type: 'core::felt252' },
                ],
              },
            ],
          },
        }),
        decision,
      );
      expect(text).toContain(
        "The calldata does not match this function's inputs in the contract's ABI on chain",
      );
      expect(text).not.toContain('harmless_note');
    },
  );

  it.each(DECISIONS)(
    'a class the node would not give: unreadable, not the site’s ABI; the user may %s',
    async (decision) => {
      const wallet = await siteWallet();
      hostile().script('starknet_getClass', () => ({
        error: { code: 28, message: 'Class hash not found' },
      }));
      const text = await decideSend(
        execute(wallet, {
          calls: [
            { contractAddress: ETH, entrypoint: 'wide', calldata: ['0x1'] },
          ],
          abis: { [ETH]: harmless('wide') },
        }),
        decision,
      );
      expect(text).toContain("The contract's ABI on chain could not be read");
      expect(text).not.toContain('harmless_note');
    },
  );

  it.each(DECISIONS)(
    'a class the chain shows without an ABI: the site’s, marked as its description; the user may %s',
    async (decision) => {
      const wallet = await siteWallet();
      hostile().script('starknet_getClass', classWithAbi(undefined));
      const text = await decideSend(
        execute(wallet, {
          calls: [
            { contractAddress: ETH, entrypoint: 'wide', calldata: ['0x1'] },
          ],
          abis: { [ETH]: harmless('wide') },
        }),
        decision,
      );
      expect(text).toContain(
        'As the site describes it (not checked against the chain)',
      );
      expect(text).toContain('wide(harmless_note)');
    },
  );
});

/**
 * `count` distinct contract addresses with no code.
 *
 * @param count - How many.
 * @returns The addresses.
 */
function distinctTargets(count: number): string[] {
  return Array.from(
    { length: count },
    (_, index) => `0x${(0x7000 + index).toString(16).padStart(64, '0')}`,
  );
}

describe('requests the wallet cannot look up or show are refused before the node is asked', () => {
  const seventeen = distinctTargets(17).map((contractAddress) => ({
    contractAddress,
    entrypoint: 'poke',
    calldata: [],
  }));

  it.each([
    ['snapnet_executeTxn', 'calls'],
    ['snapnet_signTransaction', 'transactions'],
  ])(
    '%s calling 17 distinct contracts: -32602 naming %s',
    async (method, field) => {
      const wallet = await siteWallet();
      const error = await errorOf(
        invoke(wallet, method, {
          address: ACCOUNT_0.address,
          chainId: SN_DEVNET,
          [field]: seventeen,
        }),
      );
      expect(error.code).toBe(-32602);
      expect(error.message).toContain(`${field}:`);
      expect(error.message).toContain('at most 16 distinct contracts');
      expect(hostile().seen()).toStrictEqual([]);
    },
  );

  it('an outside execution calling 17 distinct contracts: -32602 naming typedDataMessage', async () => {
    const wallet = await siteWallet();
    const now = Math.floor(Date.now() / 1000);
    const data = outsideExecution.getTypedData(
      SN_DEVNET,
      { caller: 'ANY_CALLER', execute_after: now, execute_before: now + 60 },
      '0x78',
      seventeen,
      '1',
    );
    const error = await errorOf(
      invoke(wallet, 'snapnet_signMessage', {
        typedDataMessage: JSON.parse(JSON.stringify(data)),
        signerAddress: ACCOUNT_0.address,
        chainId: SN_DEVNET,
      }),
    );
    expect(error.code).toBe(-32602);
    expect(error.message).toContain('typedDataMessage: calls 17 distinct');
    expect(hostile().seen()).toStrictEqual([]);
  });

  it('calls too large to show even raw: -32602 naming calls', async () => {
    const wallet = await siteWallet();
    const felt = `0x${'7'.repeat(62)}`;
    const calls = Array.from({ length: 32 }, () => ({
      contractAddress: ETH,
      entrypoint: 'poke',
      calldata: Array.from({ length: 2048 }, () => felt),
    }));
    const error = await errorOf(execute(wallet, { calls }));
    expect(error.code).toBe(-32602);
    expect(error.message).toContain('calls: too large to show');
    expect(hostile().seen()).toStrictEqual([]);
  });
});
