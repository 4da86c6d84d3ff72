import type { TransactionRecord, WalletState } from './schema';
import { updateState } from './store';

/**
 * Puts a record first among the transactions, in place of any record of
 * the same hash on the same chain.
 *
 * @param state - The state being updated.
 * @param record - The record.
 */
export function putRecord(state: WalletState, record: TransactionRecord): void {
  state.transactions = [
    record,
    ...state.transactions.filter(
      (existing) =>
        existing.txnHash !== record.txnHash ||
        existing.chainId !== record.chainId,
    ),
  ];
}

/**
 * Records a transaction the node accepted (newest first), and for a
 * deployment marks the account deployed.
 *
 * @param record - The transaction record.
 */
export async function recordTransaction(
  record: TransactionRecord,
): Promise<void> {
  await updateState((state) => {
    putRecord(state, record);
    if (record.txnType === 'deploy_account') {
      for (const account of state.accounts) {
        if (
          account.address === record.senderAddress &&
          account.chainId === record.chainId
        ) {
          account.deployTxnHash = record.txnHash;
        }
      }
    }
  });
}

/**
 * A new record for a transaction just sent.
 *
 * @param fields - What is known of it.
 * @param fields.txnHash - Its hash.
 * @param fields.txnType - invoke, deploy_account or declare.
 * @param fields.senderAddress - The account.
 * @param fields.chainId - The chain.
 * @param fields.contractAddress - The (first) called contract.
 * @param fields.contractFuncName - The (first) entrypoint.
 * @param fields.contractCallData - Its calldata.
 * @returns The record, status RECEIVED.
 */
export function sentRecord(fields: {
  txnHash: string;
  txnType: string;
  senderAddress: string;
  chainId: string;
  contractAddress?: string;
  contractFuncName?: string;
  contractCallData?: string[];
}): TransactionRecord {
  return {
    contractAddress: '',
    contractFuncName: '',
    contractCallData: [],
    ...fields,
    status: 'RECEIVED',
    failureReason: null,
    eventIds: [],
    timestamp: Math.floor(Date.now() / 1000),
  };
}

/** The entry points a record keeps before the first call (a swap's). */
const PRINCIPAL_ENTRYPOINTS = new Set([
  'multi_route_swap',
  'swap_exact_token_to',
]);

/**
 * The call a record keeps of a multicall (records keep one): a swap when
 * the calls hold one (its approve comes first, and says less of what the
 * transaction did), else the first call.
 *
 * @param calls - The transaction's calls.
 * @returns The call to record, if any.
 */
export function recordedCall<Call extends { entrypoint: string }>(
  calls: readonly Call[],
): Call | undefined {
  return (
    calls.find(({ entrypoint }) => PRINCIPAL_ENTRYPOINTS.has(entrypoint)) ??
    calls[0]
  );
}
