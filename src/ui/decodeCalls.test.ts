import { decodeWithAbi } from './abiDecode';
import { describeCall } from './decodeCalls';
import type { CallToShow, DecodeContext } from './decodeCalls';
import { parseAbi, selectorOf, siteAbiFor } from '../chain/abi';
import { normaliseAddress } from '../keys/address';
import { defaultState } from '../state/schema';

const TESTNET = '0x534e5f5345504f4c4941';
const tokens = defaultState().tokens.filter(
  ({ chainId }) => chainId === TESTNET,
);
const STRK =
  '0x04718f5a0fc34cc1af16a1cdee98ffb20c31f5cd61d6ab07201858f4287c938d';
const ACCOUNT = normaliseAddress('0xacc');
const DAPP = normaliseAddress('0x5');
const MAX_U128 = `0x${'f'.repeat(32)}`;

const context: DecodeContext = {
  tokens,
  account: ACCOUNT,
  chainAbis: new Map(),
};

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
      'Send 340282366920938463463.374607431768211456 STRK',
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
      chainAbis: new Map([[DAPP, parseAbi(JSON.stringify(exchangeAbi))]]),
      siteAbi: () => parseAbi(lying),
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
        chainAbis: new Map([[DAPP, parseAbi(exchangeAbi)]]),
      },
    );
    expect(view.entrypoint).toBe('side');
    expect(view.decoded?.fields).toStrictEqual([
      { label: 'side', value: 'Bid' },
    ]);
  });
});

describe('decodeWithAbi', () => {
  const abi = parseAbi(exchangeAbi);
  const place = selectorOf('place');

  it('labels inputs, structs, u256, arrays and enums', () => {
    expect(
      decodeWithAbi(
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
      decodeWithAbi(
        { selector: selectorOf('side'), calldata: ['0x1', '0x7'] },
        abi,
      )?.fields,
    ).toStrictEqual([{ label: 'side', value: 'Ask(0x7)' }]);
  });

  it('reads Cairo 0 arrays after their length', () => {
    const cairo0 = parseAbi([
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
      decodeWithAbi(
        { selector: selectorOf('multi'), calldata: ['0x2', '0x5', '0x6'] },
        cairo0,
      )?.fields,
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

  it('declines when the calldata does not fit the ABI', () => {
    expect(
      decodeWithAbi({ selector: place, calldata: ['0x1'] }, abi),
    ).toBeUndefined();
    expect(
      decodeWithAbi(
        { selector: place, calldata: ['0x1', '0x0', '0x0', '0x0', '0x9'] },
        abi,
      ),
    ).toBeUndefined();
    expect(
      decodeWithAbi({ selector: selectorOf('other'), calldata: [] }, abi),
    ).toBeUndefined();
    expect(
      decodeWithAbi({ selector: selectorOf('side'), calldata: ['0x5'] }, abi),
    ).toBeUndefined();
  });
});
