import { DecodeBudget, DecodeBudgetExceeded, decodeWithAbi } from './abiDecode';
import {
  describeCalls,
  describeCall as describeWithBudget,
} from './decodeCalls';
import type { DecodeContext } from './decodeCalls';
import type { CallView } from './dialogInputs';
import { STRK } from '../../test/fixtures';
import { normaliseAddress } from '../keys/address';
import { parseAbi, siteAbiFor } from '../node/abi';
import type { AbiReading, ContractAbi } from '../node/abi';
import type { CallToShow } from '../protocol/calls';
import { selectorOf } from '../protocol/selectors';
import { defaultState } from '../state/schema';

const TESTNET = '0x534e5f5345504f4c4941';
const tokens = defaultState().tokens.filter(
  ({ chainId }) => chainId === TESTNET,
);
const ACCOUNT = normaliseAddress('0xacc');
const DAPP = normaliseAddress('0x5');
const MAX_U128 = `0x${'f'.repeat(32)}`;

const context: DecodeContext = {
  tokens,
  account: ACCOUNT,
  chainAbis: new Map(),
};

/**
 * A call as one dialog shows it, with a whole decoding budget.
 *
 * @param shown - The call.
 * @param decodeContext - Tokens, account and ABIs.
 * @returns The view.
 */
function describeCall(
  shown: CallToShow,
  decodeContext: DecodeContext,
): CallView {
  return describeWithBudget(shown, decodeContext, new DecodeBudget());
}

/**
 * An ABI that must read.
 *
 * @param raw - The ABI.
 * @returns It, read.
 */
function abiOf(raw: unknown): ContractAbi {
  const reading = parseAbi(raw);
  if (reading.kind !== 'found') {
    throw new Error(`Expected an ABI, got ${JSON.stringify(reading)}`);
  }
  return reading.abi;
}

/**
 * The chain's ABI reading of one contract.
 *
 * @param address - The contract.
 * @param reading - What its class's ABI reads as.
 * @returns The map a DecodeContext takes.
 */
function chainHas(
  address: string,
  reading: AbiReading,
): Map<string, AbiReading> {
  return new Map([[address, reading]]);
}

/**
 * A call as the dialog gets it from a dapp's entrypoint name.
 *
 * @param contractAddress - The called contract.
 * @param entrypoint - The entrypoint name.
 * @param calldata - The calldata.
 * @returns The call with its selector.
 */
function call(
  contractAddress: string,
  entrypoint: string,
  calldata: string[],
): CallToShow {
  return {
    contractAddress: normaliseAddress(contractAddress),
    entrypoint,
    selector: selectorOf(entrypoint),
    calldata,
  };
}

const exchangeAbi = [
  {
    type: 'struct',
    name: 'demo::Order',
    members: [
      { name: 'price', type: 'core::integer::u256' },
      { name: 'buy', type: 'core::bool' },
    ],
  },
  {
    type: 'enum',
    name: 'demo::Side',
    variants: [
      { name: 'Bid', type: '()' },
      { name: 'Ask', type: 'core::felt252' },
    ],
  },
  {
    type: 'interface',
    name: 'demo::IExchange',
    items: [
      {
        type: 'function',
        name: 'place',
        inputs: [
          { name: 'order', type: 'demo::Order' },
          { name: 'tags', type: 'core::array::Array::<core::felt252>' },
        ],
      },
      {
        type: 'function',
        name: 'side',
        inputs: [{ name: 'side', type: 'demo::Side' }],
      },
    ],
  },
];

describe('describeCall', () => {
  it('decodes an ERC-20 transfer with the full u256 amount', () => {
    const view = describeCall(
      call(STRK, 'transfer', ['0xabc', '0x0', '0x1']),
      context,
    );
    expect(view.contractLabel).toBe('STRK');
    expect(view.decoded?.source).toBe('token');
    expect(view.decoded?.summary).toBe(
      'Send 340,282,366,920,938,463,463.374607431768211456 STRK',
    );
    expect(view.decoded?.fields[0]?.value).toBe(`0x${'0'.repeat(61)}abc`);
    expect(view.danger).toBeUndefined();
  });

  it('flags an unlimited approval', () => {
    const view = describeCall(
      call(STRK, 'approve', ['0xabc', MAX_U128, MAX_U128]),
      context,
    );
    expect(view.decoded?.summary).toBe('Allow unlimited STRK spending');
    expect(view.decoded?.warning).toContain('spend all of your STRK');
  });

  it.each(['constructor', 'toString', '__proto__', 'hasOwnProperty'])(
    'does not decode the inherited name %s as a token call',
    (entrypoint) => {
      const view = describeCall(
        call(STRK, entrypoint, ['0xabc', '0x1', '0x0']),
        context,
      );
      expect(view.decoded).toBeUndefined();
      expect(view.entrypoint).toBe(entrypoint);
    },
  );

  it('leaves unknown contracts and malformed amounts raw', () => {
    expect(
      describeCall(call('0x1', 'transfer', ['0x1', '0x2', '0x0']), context)
        .decoded,
    ).toBeUndefined();
    expect(
      describeCall(call(STRK, 'transfer', ['0x1', '0x2']), context).decoded,
    ).toBeUndefined();
    expect(
      describeCall(
        call(STRK, 'transfer', ['0x1', `0x1${'0'.repeat(32)}`, '0x0']),
        context,
      ).decoded,
    ).toBeUndefined();
  });

  it('flags a call to a token that reads like another tracked token', () => {
    const fake = normaliseAddress('0xfa4e');
    const withFake: DecodeContext = {
      ...context,
      tokens: [
        ...tokens,
        {
          address: fake,
          name: 'Fake',
          symbol: 's.t.r.k',
          decimals: 18,
          chainId: TESTNET,
        },
      ],
    };
    const view = describeCall(
      call(fake, 'transfer', ['0x9', '0x1', '0x0']),
      withFake,
    );
    expect(view.decoded?.summary).toContain('s.t.r.k');
    expect(view.danger).toContain(
      `Another token in your wallet reads the same: STRK (Starknet Token) at ${STRK}`,
    );
    expect(
      describeCall(call(STRK, 'transfer', ['0x9', '0x1', '0x0']), context)
        .danger,
    ).toBeUndefined();
  });

  it('flags calls to the account itself, operator approvals and lost transfers', () => {
    expect(
      describeCall(
        call(ACCOUNT, 'change_owner', ['0x1', '0x2', '0x3']),
        context,
      ).danger,
    ).toContain('your own account');
    expect(
      describeCall(call(DAPP, 'set_approval_for_all', ['0x9', '0x1']), context)
        .danger,
    ).toContain('every item of this collection');
    expect(
      describeCall(call(DAPP, 'setApprovalForAll', ['0x9', '0x0']), context)
        .danger,
    ).toBeUndefined();
    expect(
      describeCall(call(STRK, 'transfer', ['0x0', '0x1', '0x0']), context)
        .danger,
    ).toContain('zero address');
    expect(
      describeCall(call(STRK, 'transfer', [STRK, '0x1', '0x0']), context)
        .danger,
    ).toContain('token contract itself');
  });

  it("prefers the chain's ABI and shows a site's ABI only as its description", () => {
    const placed = call(DAPP, 'place', ['0x10', '0x0', '0x1', '0x0']);
    const bySite = describeCall(placed, {
      ...context,
      chainAbis: chainHas(DAPP, { kind: 'none' }),
      siteAbi: (address) => siteAbiFor({ '0x5': exchangeAbi }, address),
    });
    expect(bySite.decoded?.source).toBe('site');
    const lying = [
      {
        type: 'function',
        name: 'place',
        inputs: [
          { name: 'harmless', type: 'core::felt252' },
          { name: 'also_harmless', type: 'core::felt252' },
          { name: 'nothing', type: 'core::felt252' },
          { name: 'to_see', type: 'core::felt252' },
        ],
      },
    ];
    const byChain = describeCall(placed, {
      ...context,
      chainAbis: chainHas(DAPP, parseAbi(JSON.stringify(exchangeAbi))),
      siteAbi: () => abiOf(lying),
    });
    expect(byChain.decoded?.source).toBe('chain');
    expect(byChain.decoded?.fields[0]?.label).toBe('order');
  });

  it('names a selector from the chain ABI when the dapp gave only the selector', () => {
    const view = describeCall(
      {
        contractAddress: DAPP,
        selector: selectorOf('side'),
        calldata: ['0x0'],
      },
      {
        ...context,
        chainAbis: chainHas(DAPP, parseAbi(exchangeAbi)),
      },
    );
    expect(view.entrypoint).toBe('side');
    expect(view.decoded?.fields).toStrictEqual([
      { label: 'side', value: 'Bid' },
    ]);
  });
});

/**
 * Labels calldata with a whole budget.
 *
 * @param selected - Selector and calldata.
 * @param selected.selector - The selector.
 * @param selected.calldata - The calldata.
 * @param abi - The ABI.
 * @returns The decoded call, or why it does not fit.
 */
function decode(
  selected: { selector: string; calldata: string[] },
  abi: ContractAbi,
): ReturnType<typeof decodeWithAbi> {
  return decodeWithAbi(selected, abi, new DecodeBudget());
}

/**
 * The fields of a call that must decode.
 *
 * @param selected - Selector and calldata.
 * @param selected.selector - The selector.
 * @param selected.calldata - The calldata.
 * @param abi - The ABI.
 * @returns Its labelled fields.
 */
function fieldsOf(
  selected: { selector: string; calldata: string[] },
  abi: ContractAbi,
): { label: string; value: string }[] {
  const decoded = decode(selected, abi);
  if (typeof decoded !== 'object') {
    throw new Error(`Expected a decoded call, got ${decoded}`);
  }
  return decoded.fields;
}

describe('decodeWithAbi', () => {
  const abi = abiOf(exchangeAbi);
  const place = selectorOf('place');

  it('labels inputs, structs, u256, arrays and enums', () => {
    expect(
      decode(
        {
          selector: place,
          calldata: ['0x10', '0x0', '0x1', '0x2', '0xa', '0xb'],
        },
        abi,
      ),
    ).toStrictEqual({
      summary: 'place(order, tags)',
      fields: [
        { label: 'order', value: '{ price: 16, buy: true }' },
        { label: 'tags', value: '[0xa, 0xb]' },
      ],
    });
    expect(
      fieldsOf({ selector: selectorOf('side'), calldata: ['0x1', '0x7'] }, abi),
    ).toStrictEqual([{ label: 'side', value: 'Ask(0x7)' }]);
  });

  it('decodes signed integers of every width as Cairo encodes them, and refuses a felt out of range, a u256 half past 128 bits and a bool past 1', () => {
    const prime = 2n ** 251n + 17n * 2n ** 192n + 1n;
    const felt = (value: bigint): string =>
      `0x${(value < 0n ? prime + value : value).toString(16)}`;
    const typed = (type: string): ContractAbi =>
      abiOf([
        {
          type: 'function',
          name: 'set',
          inputs: [{ name: 'value', type }],
          outputs: [],
          state_mutability: 'external',
        },
      ]);
    const set = selectorOf('set');
    for (const bits of [8n, 16n, 32n, 64n, 128n]) {
      const abiOfWidth = typed(`core::integer::i${bits}`);
      const bound = 2n ** (bits - 1n);
      for (const value of [-bound, -1n, 0n, 1n, bound - 1n]) {
        expect(
          fieldsOf({ selector: set, calldata: [felt(value)] }, abiOfWidth),
        ).toStrictEqual([{ label: 'value', value: value.toString() }]);
      }
      for (const value of [-bound - 1n, bound]) {
        expect(
          decode({ selector: set, calldata: [felt(value)] }, abiOfWidth),
        ).toBe('calldata');
      }
    }
    expect(
      decode(
        { selector: set, calldata: [felt(2n ** 128n), '0x0'] },
        typed('core::integer::u256'),
      ),
    ).toBe('calldata');
    expect(
      decode({ selector: set, calldata: ['0x2'] }, typed('core::bool')),
    ).toBe('calldata');
  });

  it('reads Cairo 0 arrays after their length', () => {
    const cairo0 = abiOf([
      {
        type: 'function',
        name: 'multi',
        inputs: [
          { name: 'values_len', type: 'felt' },
          { name: 'values', type: 'felt*' },
        ],
      },
    ]);
    expect(
      fieldsOf(
        { selector: selectorOf('multi'), calldata: ['0x2', '0x5', '0x6'] },
        cairo0,
      ),
    ).toStrictEqual([
      { label: 'values_len', value: '0x2' },
      { label: 'values', value: '[0x5, 0x6]' },
    ]);
  });

  it('finds the ABI of the called contract in a map', () => {
    expect(
      siteAbiFor({ '0x05': exchangeAbi }, DAPP)?.functions.has(place),
    ).toBe(true);
    expect(siteAbiFor({ '0x06': exchangeAbi }, DAPP)).toBeUndefined();
  });

  it('says why the ABI does not fit: no such function, or calldata that does not read', () => {
    expect(decode({ selector: place, calldata: ['0x1'] }, abi)).toBe(
      'calldata',
    );
    expect(
      decode(
        { selector: place, calldata: ['0x1', '0x0', '0x0', '0x0', '0x9'] },
        abi,
      ),
    ).toBe('calldata');
    expect(decode({ selector: selectorOf('other'), calldata: [] }, abi)).toBe(
      'no-function',
    );
    expect(
      decode({ selector: selectorOf('side'), calldata: ['0x5'] }, abi),
    ).toBe('calldata');
  });

  it('refuses an array longer than its calldata and a struct nested past the depth, as calldata that does not read', () => {
    const hostile = abiOf([
      {
        type: 'struct',
        name: 'Loop',
        members: [{ name: 'next', type: 'Loop' }],
      },
      { type: 'function', name: 'loop', inputs: [{ name: 'x', type: 'Loop' }] },
      {
        type: 'function',
        name: 'list',
        inputs: [{ name: 'items', type: 'core::array::Array::<felt>' }],
      },
    ]);
    expect(
      decode(
        { selector: selectorOf('list'), calldata: ['0xffffffff', '0x1'] },
        hostile,
      ),
    ).toBe('calldata');
    // A struct of itself reads no calldata: the depth stops it.
    expect(
      decode({ selector: selectorOf('loop'), calldata: [] }, hostile),
    ).toBe('calldata');
  });
});

/**
 * An ABI whose function `wide` takes a struct of `width` members, each a
 * struct of `width` members, down to an empty struct: decoding it reads no
 * calldata and visits width^4 values.
 *
 * @param width - Members per struct.
 * @returns The ABI entries.
 */
function wideAbi(width: number): unknown[] {
  const levels = ['L0', 'L1', 'L2', 'L3', 'Empty'];
  return [
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
  ];
}

describe('decoding bounds', () => {
  it('stops a hostile ABI of empty structs at the budget, whatever its breadth', () => {
    const abi = abiOf(wideAbi(200));
    expect(() =>
      decodeWithAbi(
        { selector: selectorOf('wide'), calldata: [] },
        abi,
        new DecodeBudget(),
      ),
    ).toThrow(DecodeBudgetExceeded);
  });

  it('counts values and characters across the calls of one dialog', () => {
    const abi = abiOf(wideAbi(3));
    const budget = new DecodeBudget({ values: 200, characters: 100_000 });
    const wide = { selector: selectorOf('wide'), calldata: [] };
    // 1 + 3 + 9 + 27 + 81 = 121 values per call.
    expect(typeof decodeWithAbi(wide, abi, budget)).toBe('object');
    expect(() => decodeWithAbi(wide, abi, budget)).toThrow(
      DecodeBudgetExceeded,
    );
    const wordy = new DecodeBudget({ values: 10_000, characters: 50 });
    expect(() => decodeWithAbi(wide, abi, wordy)).toThrow(DecodeBudgetExceeded);
  });

  it('shows every call raw, with the reason, when the calls are too large to decode', () => {
    const wide = parseAbi(wideAbi(200));
    const exchange = parseAbi(exchangeAbi);
    const shown = describeCalls(
      [
        call(DAPP, 'side', ['0x0']),
        call(STRK, 'transfer', ['0xabc', '0x1', '0x0']),
        call('0x6', 'wide', []),
      ],
      {
        ...context,
        chainAbis: new Map([
          [DAPP, exchange],
          [normaliseAddress('0x6'), wide],
        ]),
      },
    );
    expect(shown.tooLarge).toBe(true);
    expect(shown.calls.map((view) => view.decoded?.source)).toStrictEqual([
      undefined,
      'token',
      undefined,
    ]);
    expect(shown.calls.map((view) => view.entrypoint)).toStrictEqual([
      'side',
      'transfer',
      'wide',
    ]);
  });

  it('decodes calls within the budget', () => {
    const shown = describeCalls([call(DAPP, 'side', ['0x0'])], {
      ...context,
      chainAbis: chainHas(DAPP, parseAbi(exchangeAbi)),
    });
    expect(shown.tooLarge).toBe(false);
    expect(shown.calls[0]?.decoded?.summary).toBe('side(side)');
  });
});

describe('where an ABI may come from', () => {
  const mintAbi = [
    {
      type: 'function',
      name: 'mint',
      inputs: [{ name: 'amount', type: 'core::felt252' }],
    },
  ];
  const minted = call(DAPP, 'mint', ['0x5']);
  const site = (address: string): ContractAbi | undefined =>
    siteAbiFor({ [DAPP]: mintAbi }, address);

  it("uses the site's ABI for a class the chain shows without one", () => {
    const view = describeCall(minted, {
      ...context,
      chainAbis: chainHas(DAPP, { kind: 'none' }),
      siteAbi: site,
    });
    expect(view.decoded?.source).toBe('site');
    expect(view.decoded?.summary).toBe('mint(amount)');
  });

  it('shows raw, with a warning and never the site ABI, what the chain ABI does not fit', () => {
    const other = describeCall(minted, {
      ...context,
      chainAbis: chainHas(DAPP, parseAbi(exchangeAbi)),
      siteAbi: site,
    });
    expect(other.decoded).toBeUndefined();
    expect(other.rawReason).toContain('has no function with this selector');
    const misfit = describeCall(call(DAPP, 'side', ['0x9']), {
      ...context,
      chainAbis: chainHas(DAPP, parseAbi(exchangeAbi)),
      siteAbi: () =>
        abiOf([
          {
            type: 'function',
            name: 'side',
            inputs: [{ name: 'harmless', type: 'core::felt252' }],
          },
        ]),
    });
    expect(misfit.decoded).toBeUndefined();
    expect(misfit.rawReason).toContain('does not match');
  });

  it("never replaces an ABI that could not be read with the site's", () => {
    const view = describeCall(minted, {
      ...context,
      chainAbis: chainHas(DAPP, {
        kind: 'unreadable',
        reason: 'more than 2000 entries',
      }),
      siteAbi: site,
    });
    expect(view.decoded).toBeUndefined();
    expect(view.rawReason).toContain(
      'could not be read (more than 2000 entries)',
    );
  });

  it("does not describe a contract with no code with the site's ABI", () => {
    const view = describeCall(minted, { ...context, siteAbi: site });
    expect(view.decoded).toBeUndefined();
    expect(view.rawReason).toBeUndefined();
  });
});
