import { Account, CallData, Contract, cairo } from 'starknet';
import type { CompiledSierra, RpcProvider } from 'starknet';

import { checkedProvider, readFixture } from './helpers';
import type { LocalNode } from '../src';
import { startLocalNode } from '../src';

const WAIT = { retryInterval: 20 };
const PRICE = 2_000_000_000n;
const BOUNDS = {
  l1_gas: { max_amount: 0n, max_price_per_unit: PRICE },
  l2_gas: { max_amount: 20_000_000n, max_price_per_unit: PRICE },
  l1_data_gas: { max_amount: 1_000n, max_price_per_unit: PRICE },
};
const EVENTS = 'openzeppelin_token::erc20::erc20::ERC20Component';
const OWNABLE = 'openzeppelin_access::ownable::ownable::OwnableComponent';

let node: LocalNode;
let provider: RpcProvider;
let owner: Account;
let other: Account;
let token: Contract;
let deployHash: string;

/**
 * The fields of each event starknet.js parses from a receipt, by ABI name.
 *
 * @param hash - The transaction.
 * @returns [name, fields] pairs.
 */
async function parsedEvents(hash: string): Promise<[string, unknown][]> {
  const receipt = await provider.waitForTransaction(hash, WAIT);
  return token
    .parseEvents(receipt)
    .flatMap((event) =>
      Object.entries(event).filter(([name]) => name.includes('::')),
    );
}

beforeAll(async () => {
  node = await startLocalNode({ accounts: 2 });
  provider = checkedProvider(node.url);
  [owner, other] = node.accounts.map(
    (account) =>
      new Account({
        provider,
        address: account.address,
        signer: account.privateKey,
      }),
  ) as [Account, Account];
  const contract = readFixture<CompiledSierra>(
    'ERC20-OpenZeppelin-1.0.0.sierra.json',
  );
  const declared = await owner.declare(
    { contract, compiledClassHash: '0x1' },
    { resourceBounds: BOUNDS },
  );
  await provider.waitForTransaction(declared.transaction_hash, WAIT);
  const deployed = await owner.deployContract(
    {
      classHash: declared.class_hash,
      constructorCalldata: new CallData(contract.abi).compile('constructor', {
        name: 'My Token',
        symbol: 'MTK',
        amount: cairo.uint256(1000n),
        recipient: owner.address,
        owner: owner.address,
      }),
    },
    WAIT,
  );
  deployHash = deployed.transaction_hash;
  const { abi } = await provider.getClassAt(deployed.contract_address);
  token = new Contract({
    abi,
    address: deployed.contract_address,
    providerOrAccount: owner,
  });
});

afterAll(async () => {
  await node.stop();
});

// OpenZeppelin's ERC-20 (the wizard's mintable token the tutorials deploy),
// declared from its real Sierra and driven through its own ABI.
describe("OpenZeppelin's ERC-20", () => {
  it('is deployed with its constructor: metadata, supply and owner', async () => {
    expect(await token.name()).toBe('My Token');
    expect(await token.symbol()).toBe('MTK');
    expect(await token.decimals()).toBe(18n);
    expect(await token.total_supply()).toBe(1000n);
    expect(await token.balance_of(owner.address)).toBe(1000n);
    expect(await token.owner()).toBe(BigInt(owner.address));
    expect(await parsedEvents(deployHash)).toStrictEqual([
      [
        `${OWNABLE}::OwnershipTransferred`,
        { previous_owner: 0n, new_owner: BigInt(owner.address) },
      ],
      [
        `${EVENTS}::Transfer`,
        { from: 0n, to: BigInt(owner.address), value: 1000n },
      ],
    ]);
  });

  it('transfers, mints for its owner only and burns, with the events starknet.js parses', async () => {
    const sent = await token.transfer(other.address, cairo.uint256(30n));
    expect(await parsedEvents(sent.transaction_hash)).toStrictEqual([
      [
        `${EVENTS}::Transfer`,
        { from: BigInt(owner.address), to: BigInt(other.address), value: 30n },
      ],
      // The fee, paid in STRK, is not this token's event.
    ]);
    const minted = await token.mint(other.address, cairo.uint256(5n));
    expect(await parsedEvents(minted.transaction_hash)).toStrictEqual([
      [
        `${EVENTS}::Transfer`,
        { from: 0n, to: BigInt(other.address), value: 5n },
      ],
    ]);
    const asOther = new Contract({
      abi: token.abi,
      address: token.address,
      providerOrAccount: other,
    });
    const burnt = await asOther.burn(cairo.uint256(10n));
    expect(await parsedEvents(burnt.transaction_hash)).toStrictEqual([
      [
        `${EVENTS}::Transfer`,
        { from: BigInt(other.address), to: 0n, value: 10n },
      ],
    ]);
    expect(await token.balance_of(other.address)).toBe(25n);
    expect(await token.total_supply()).toBe(995n);
    await expect(
      asOther.mint(other.address, cairo.uint256(1n)),
    ).rejects.toThrow(/Caller is not the owner/u);
  });

  it('hands over ownership with OwnershipTransferred', async () => {
    const sent = await token.transfer_ownership(other.address);
    expect(await parsedEvents(sent.transaction_hash)).toStrictEqual([
      [
        `${OWNABLE}::OwnershipTransferred`,
        {
          previous_owner: BigInt(owner.address),
          new_owner: BigInt(other.address),
        },
      ],
    ]);
    expect(await token.owner()).toBe(BigInt(other.address));
  });

  it('says its upgrade is not emulated, naming the entry point and the class', async () => {
    await expect(
      other.estimateInvokeFee({
        contractAddress: token.address,
        entrypoint: 'upgrade',
        calldata: ['0x1234'],
      }),
    ).rejects.toThrow(
      /41.*Entry point 0x[0-9a-f]+ of class 0x[0-9a-f]+ is not emulated by the local node.*npm start -- --devnet/su,
    );
  });
});
