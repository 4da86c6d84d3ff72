import { Account, CallData, Contract, cairo } from 'starknet';
import type { Abi, RpcProvider } from 'starknet';

import { ETH, STRK, checkedProvider } from './helpers';
import type { LocalNode } from '../src';
import { startLocalNode } from '../src';

const WAIT = { retryInterval: 20 };

let node: LocalNode;
let provider: RpcProvider;
let funder: Account;

beforeAll(async () => {
  node = await startLocalNode({ accounts: 2 });
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
});

afterAll(async () => {
  await node.stop();
});

/**
 * A starknet.js contract built from the ABI the node serves for an address,
 * as a developer would build it.
 *
 * @param address - The contract.
 * @returns The contract.
 */
async function contractAt(address: string): Promise<Contract> {
  const { abi } = await provider.getClassAt(address);
  return new Contract({ abi, address, providerOrAccount: provider });
}

// The fee tokens' ABI as StarkGate declares it: starknet.js reads the
// metadata through it and parses the token's events with it.
describe('the fee tokens through starknet.js Contract', () => {
  it.each([
    ['STRK', STRK, 'Starknet Token'],
    ['ETH', ETH, 'Ether'],
  ])('%s answers name, symbol and decimals', async (symbol, address, name) => {
    const token = await contractAt(address);
    expect(await token.name()).toBe(name);
    expect(await token.symbol()).toBe(symbol);
    expect(await token.decimals()).toBe(18n);
    expect(await token.balance_of(funder.address)).toBe(10n ** 21n);
    expect(await token.balanceOf(funder.address)).toBe(10n ** 21n);
  });

  it('declares ByteArray and the Transfer and Approval events', async () => {
    const { abi }: { abi: Abi } = await provider.getClassAt(STRK);
    const names = abi.map((entry: { name: string }) => entry.name);
    expect(names).toStrictEqual(
      expect.arrayContaining([
        'core::byte_array::ByteArray',
        'src::strk::erc20_lockable::ERC20Lockable::Transfer',
        'src::strk::erc20_lockable::ERC20Lockable::Approval',
        'src::strk::erc20_lockable::ERC20Lockable::Event',
      ]),
    );
  });

  it('parses a transfer receipt into Transfer and Approval events', async () => {
    const token = await contractAt(STRK);
    const [, second] = node.accounts;
    const recipient = second?.address ?? '0x1234';
    const sent = await funder.execute([
      {
        contractAddress: STRK,
        entrypoint: 'approve',
        calldata: CallData.compile({
          spender: recipient,
          amount: cairo.uint256(7n),
        }),
      },
      {
        contractAddress: STRK,
        entrypoint: 'transfer',
        calldata: CallData.compile({
          recipient,
          amount: cairo.uint256(5n),
        }),
      },
    ]);
    const receipt = await provider.waitForTransaction(
      sent.transaction_hash,
      WAIT,
    );
    // Each parsed event is keyed by its ABI name, beside the block fields.
    const parsed = token
      .parseEvents(receipt)
      .flatMap((event) =>
        Object.entries(event).filter(([name]) => name.includes('::')),
      );
    expect(parsed).toStrictEqual([
      [
        'src::strk::erc20_lockable::ERC20Lockable::Approval',
        {
          owner: BigInt(funder.address),
          spender: BigInt(recipient),
          value: 7n,
        },
      ],
      [
        'src::strk::erc20_lockable::ERC20Lockable::Transfer',
        { from: BigInt(funder.address), to: BigInt(recipient), value: 5n },
      ],
      // The fee, paid to the sequencer.
      [
        'src::strk::erc20_lockable::ERC20Lockable::Transfer',
        expect.objectContaining({ from: BigInt(funder.address), to: 0x1000n }),
      ],
    ]);
  });
});
