import type { GasUsage } from './fees';
import { feeOf } from './fees';
import type { BlockRecord, GasPrices, PricePair, TxRecord } from './types';
import { SEQUENCER_ADDRESS, STARKNET_VERSION } from '../base/constants';
import { toHex } from '../base/felt';
import type { Overlay, StateReader } from '../base/state-store';
import { parseKey } from '../base/state-store';
import type { Invocation, RawEvent } from '../contracts/types';

type Json = Record<string, unknown>;

const priceJson = (price: PricePair): Json => ({
  price_in_fri: toHex(price.fri),
  price_in_wei: toHex(price.wei),
});

/**
 * Formats an event (EVENT: from_address, keys, data).
 *
 * @param event - The event.
 * @returns JSON.
 */
export function eventJson(event: RawEvent): Json {
  return {
    from_address: toHex(event.from),
    keys: event.keys.map(toHex),
    data: event.data.map(toHex),
  };
}

/**
 * The header of a closed or pre-confirmed block.
 *
 * @param block - The block.
 * @returns JSON.
 */
export function blockHeaderJson(block: BlockRecord): Json {
  const common = {
    block_number: block.number,
    timestamp: block.timestamp,
    sequencer_address: toHex(SEQUENCER_ADDRESS),
    l1_gas_price: priceJson(block.prices.l1Gas),
    l2_gas_price: priceJson(block.prices.l2Gas),
    l1_data_gas_price: priceJson(block.prices.l1DataGas),
    l1_da_mode: 'BLOB',
    starknet_version: STARKNET_VERSION,
  };
  if (block.status === 'PRE_CONFIRMED') {
    return common;
  }
  return {
    status: block.status,
    block_hash: toHex(block.hash),
    parent_hash: toHex(block.parentHash),
    new_root: toHex(block.newRoot),
    ...common,
    event_commitment: '0x0',
    transaction_commitment: '0x0',
    receipt_commitment: '0x0',
    state_diff_commitment: '0x0',
    event_count: block.txs.reduce((sum, tx) => sum + tx.events.length, 0),
    transaction_count: block.txs.length,
    state_diff_length: block.changed.size,
  };
}

/**
 * A transaction with its hash.
 *
 * @param tx - The transaction.
 * @returns JSON.
 */
export function txJson(tx: TxRecord): Json {
  return { transaction_hash: toHex(tx.hash), ...tx.json };
}

/**
 * Execution resources of a gas usage.
 *
 * @param gas - The usage.
 * @returns JSON.
 */
export function resourcesJson(gas: GasUsage): Json {
  return {
    l1_gas: Number(gas.l1Gas),
    l1_data_gas: Number(gas.l1DataGas),
    l2_gas: Number(gas.l2Gas),
  };
}

/**
 * A FEE_ESTIMATE for a gas usage.
 *
 * @param gas - The usage.
 * @param prices - The gas prices it is estimated at.
 * @returns JSON.
 */
export function feeEstimateJson(gas: GasUsage, prices: GasPrices): Json {
  return {
    l1_gas_consumed: toHex(gas.l1Gas),
    l1_gas_price: toHex(prices.l1Gas.fri),
    l2_gas_consumed: toHex(gas.l2Gas),
    l2_gas_price: toHex(prices.l2Gas.fri),
    l1_data_gas_consumed: toHex(gas.l1DataGas),
    l1_data_gas_price: toHex(prices.l1DataGas.fri),
    overall_fee: toHex(feeOf(gas, prices)),
    unit: 'FRI',
  };
}

/**
 * A receipt without block info.
 *
 * @param tx - The transaction.
 * @param finality - Its finality status.
 * @returns JSON.
 */
export function receiptJson(tx: TxRecord, finality: string): Json {
  const receipt: Json = {
    type: tx.type,
    transaction_hash: toHex(tx.hash),
    actual_fee: { amount: toHex(tx.fee), unit: 'FRI' },
    execution_status: tx.status,
    finality_status: finality,
    messages_sent: [],
    events: tx.events.map(eventJson),
    execution_resources: resourcesJson(tx.gas),
  };
  if (tx.status === 'REVERTED') {
    receipt.revert_reason = tx.revertReason ?? '';
  }
  if (tx.contractAddress !== undefined) {
    receipt.contract_address = toHex(tx.contractAddress);
  }
  return receipt;
}

/**
 * A FUNCTION_INVOCATION trace node.
 *
 * @param inv - The invocation.
 * @returns JSON.
 */
export function invocationJson(inv: Invocation): Json {
  return {
    contract_address: toHex(inv.contract),
    entry_point_selector: toHex(inv.selector),
    calldata: inv.calldata.map(toHex),
    caller_address: toHex(inv.caller),
    class_hash: toHex(inv.classHash),
    entry_point_type: inv.entryPointType,
    call_type: 'CALL',
    result: inv.result.map(toHex),
    calls: inv.calls.map(invocationJson),
    events: inv.events.map((event) => ({
      order: event.order,
      keys: event.keys.map(toHex),
      data: event.data.map(toHex),
    })),
    messages: [],
    execution_resources: { l1_gas: 0, l2_gas: 10_000 },
    is_reverted: false,
  };
}

/**
 * A STATE_DIFF from a set of written keys.
 *
 * @param keys - Written keys.
 * @param after - State after the writes.
 * @param before - State before the writes.
 * @returns JSON.
 */
export function stateDiffJson(
  keys: Iterable<string>,
  after: StateReader,
  before: StateReader,
): Json {
  const storage = new Map<bigint, { key: string; value: string }[]>();
  const nonces: Json[] = [];
  const deployed: Json[] = [];
  const replaced: Json[] = [];
  const declared: Json[] = [];
  for (const key of keys) {
    const value = after.read(key);
    const parsed = parseKey(key);
    if (parsed.kind === 'storage') {
      const entries = storage.get(parsed.address) ?? [];
      entries.push({ key: toHex(parsed.key), value: toHex(value) });
      storage.set(parsed.address, entries);
    } else if (parsed.kind === 'nonce') {
      nonces.push({
        contract_address: toHex(parsed.address),
        nonce: toHex(value),
      });
    } else if (parsed.kind === 'class') {
      const item = { address: toHex(parsed.address), class_hash: toHex(value) };
      if (before.read(key) === 0n) {
        deployed.push(item);
      } else {
        replaced.push({
          contract_address: item.address,
          class_hash: item.class_hash,
        });
      }
    } else {
      declared.push({
        class_hash: toHex(parsed.classHash),
        compiled_class_hash: toHex(value),
      });
    }
  }
  return {
    storage_diffs: [...storage.entries()].map(([address, entries]) => ({
      address: toHex(address),
      storage_entries: entries,
    })),
    deprecated_declared_classes: [],
    declared_classes: declared,
    migrated_compiled_classes: [],
    deployed_contracts: deployed,
    replaced_classes: replaced,
    nonces,
  };
}

/**
 * The STATE_DIFF of one transaction outcome.
 *
 * @param state - The outcome's overlay.
 * @param before - The state it ran on.
 * @returns JSON.
 */
export function overlayDiffJson(state: Overlay, before: StateReader): Json {
  return stateDiffJson(state.writes.keys(), state, before);
}
