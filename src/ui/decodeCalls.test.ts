import { decodeWithAbi } from './abiDecode';
import { describeCall } from './decodeCalls';
import { defaultState } from '../state/schema';

const TESTNET = '0x534e5f5345504f4c4941';
const tokens = defaultState().tokens.filter(
  ({ chainId }) => chainId === TESTNET,
);
const STRK =
  '0x04718f5a0fc34cc1af16a1cdee98ffb20c31f5cd61d6ab07201858f4287c938d';
const MAX_U128 = `0x${'f'.repeat(32)}`;

describe('describeCall', () => {
  it('decodes an ERC-20 transfer with the full u256 amount', () => {
    const view = describeCall(
      {
        contractAddress: STRK,
        entrypoint: 'transfer',
        calldata: ['0xabc', '0x0', '0x1'],
      },
      tokens,
    );
    expect(view.contractLabel).toBe('STRK');
    expect(view.decoded?.summary).toBe(
      'Send 340282366920938463463.374607431768211456 STRK',
    );
    expect(view.decoded?.fields[0]?.value).toBe(`0x${'0'.repeat(61)}abc`);
  });

  it('flags an unlimited approval', () => {
    const view = describeCall(
      {
        contractAddress: STRK,
        entrypoint: 'approve',
        calldata: ['0xabc', MAX_U128, MAX_U128],
      },
      tokens,
    );
    expect(view.decoded?.summary).toBe('Allow unlimited STRK spending');
    expect(view.decoded?.warning).toContain('spend all of your STRK');
  });

  it('leaves unknown contracts and malformed amounts raw', () => {
    expect(
      describeCall(
        {
          contractAddress: '0x1',
          entrypoint: 'transfer',
          calldata: ['0x1', '0x2', '0x0'],
        },
        tokens,
      ).decoded,
    ).toBeUndefined();
    expect(
      describeCall(
        {
          contractAddress: STRK,
          entrypoint: 'transfer',
          calldata: ['0x1', '0x2'],
        },
        tokens,
      ).decoded,
    ).toBeUndefined();
    expect(
      describeCall(
        {
          contractAddress: STRK,
          entrypoint: 'transfer',
          calldata: ['0x1', `0x1${'0'.repeat(32)}`, '0x0'],
        },
        tokens,
      ).decoded,
    ).toBeUndefined();
  });
});

describe('decodeWithAbi', () => {
  const abi = [
    {
      type: 'struct',
      name: 'demo::Order',
      members: [
        { name: 'price', type: 'core::integer::u256' },
        { name: 'buy', type: 'core::bool' },
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
      ],
    },
  ];

  it('labels inputs, structs, u256 and arrays', () => {
    expect(
      decodeWithAbi(
        {
          contractAddress: '0x5',
          entrypoint: 'place',
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
  });

  it('finds the ABI of the called contract in a map', () => {
    expect(
      decodeWithAbi(
        {
          contractAddress: '0x05',
          entrypoint: 'place',
          calldata: ['0x1', '0x0', '0x0', '0x0'],
        },
        { '0x5': abi },
      )?.summary,
    ).toBe('place(order, tags)');
  });

  it('declines when the calldata does not fit the ABI', () => {
    expect(
      decodeWithAbi(
        { contractAddress: '0x5', entrypoint: 'place', calldata: ['0x1'] },
        abi,
      ),
    ).toBeUndefined();
    expect(
      decodeWithAbi(
        {
          contractAddress: '0x5',
          entrypoint: 'place',
          calldata: ['0x1', '0x0', '0x0', '0x0', '0x9'],
        },
        abi,
      ),
    ).toBeUndefined();
    expect(
      decodeWithAbi(
        { contractAddress: '0x5', entrypoint: 'other', calldata: [] },
        abi,
      ),
    ).toBeUndefined();
  });
});
