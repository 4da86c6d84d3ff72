import { required } from './params';
import type { MethodTable } from './types';
import { invalidParams } from '../base/errors';
import { parseFelt, toHex } from '../base/felt';
import { Overlay } from '../base/state-store';
import { encodeName, namingAddressOf, setName } from '../contracts/naming';
import type { NameRecords } from '../contracts/naming';

const RECORDS: readonly NameRecords[] = [
  'both',
  'forward',
  'reverse',
  'reverse-unchecked',
];

const isRecords = (value: unknown): value is NameRecords =>
  RECORDS.some((records) => records === value);

/**
 * The local node's own dev method for Starknet ID names (starknet-devnet has
 * none): `local_setStarkName { name, address, records? }` writes the naming
 * contract's records straight into the chain's state, as the name's owner
 * and the address's owner would on Sepolia. `records` is `both` (the
 * default: name → address and address → name), `forward`, `reverse`, or
 * `reverse-unchecked` (a reverse record the contract answers even when the
 * name does not resolve back — a lying contract, for testing wallets).
 * Address 0x0 with `forward` removes a name.
 */
export const nameMethods: MethodTable = {
  local_setStarkName: {
    params: ['name', 'address', 'records'],
    handler: (params, ctx) => {
      const name = required(params, 'name');
      if (typeof name !== 'string') {
        throw invalidParams('name: expected a string such as "alice.stark"');
      }
      let labels: bigint[];
      try {
        labels = encodeName(name);
      } catch (error) {
        throw invalidParams(error instanceof Error ? error.message : 'name');
      }
      const address = parseFelt(required(params, 'address'), 'address');
      const records = params.records ?? 'both';
      if (!isRecords(records)) {
        throw invalidParams(`records: expected one of ${RECORDS.join(', ')}`);
      }
      const { node } = ctx;
      const contract = namingAddressOf(node.options.chainId);
      const state = new Overlay(node.chain.pendingState);
      setName(state, contract, { labels, address, records });
      node.chain.writeDirect(state.writes);
      node.afterTransaction();
      return {
        name,
        address: toHex(address),
        records,
        contract_address: toHex(contract),
      };
    },
  },
};
