import { signatureValid, userAccount } from './accounts';
import { gasTokenOf, relayerOf, unpaidDeployment } from './build';
import { relayedCalls } from './calls';
import type { PaymasterChain } from './chain';
import type { PaymasterCall } from './dialect';
import { checkSponsorKey } from './dialect';
import { paymasterError } from './errors';
import type { ExecutionParameters, UserTransaction } from './params';
import {
  parseCalls,
  parseOutsideTypedData,
  parseParameters,
  parseUserTransaction,
} from './params';
import { feePaid, strkToToken } from './tokens';
import { invalidParams } from '../base/errors';
import { parseFelt, parseFeltArray, toHex } from '../base/felt';
import { expectObject } from '../chain/txs';
import { selectorOf } from '../contracts/calls';
import type { OutsideExecution } from '../contracts/outside-execution';
import { readOutsideExecution } from '../contracts/outside-execution';
import type { Params } from '../methods/params';
import { required } from '../methods/params';

/** A signed outside execution, as the relayer passes it to the account. */
type SignedExecution = { execution: OutsideExecution; signature: bigint[] };

/**
 * The answer to an execution. AVNU answers `{transaction_hash, tracking_id}`
 * with `tracking_id` always `Felt::ZERO` (ExecuteResponse and
 * ExecuteDirectResponse, crates/paymaster-rpc/src/endpoint/execute.rs and
 * execute_raw.rs) and has no paymaster_trackingIdToLatestHash; the snip29
 * dialect tracks by the transaction hash.
 *
 * @param hash - The relayer's transaction hash.
 * @param call - The call.
 * @returns The JSON.
 */
function executed(hash: bigint, call: PaymasterCall): Record<string, string> {
  return call.settings.dialect === 'avnu'
    ? { transaction_hash: toHex(hash), tracking_id: '0x0' }
    : { tracking_id: toHex(hash), transaction_hash: toHex(hash) };
}

/**
 * Checks and relays a signed execution (or a deployment alone): that a
 * paid execution ends with the fee transfer to the relayer (154) and, for
 * a deployed account, the user's signature (153); then has the relayer
 * deploy the account and/or call `execute_from_outside`, run first on the
 * current state, so a refusal changes nothing (156; the signature of an
 * account not deployed yet is checked there), its fee covered by the
 * transfer at current prices (154).
 *
 * @param chain - The chain.
 * @param tx - The transaction (its account and deployment).
 * @param parameters - The parameters.
 * @param outside - The signed execution, if any.
 * @returns The relayer's transaction hash.
 */
async function relaySigned(
  chain: PaymasterChain,
  tx: UserTransaction,
  parameters: ExecutionParameters,
  outside: SignedExecution | undefined,
): Promise<bigint> {
  const relayer = relayerOf(chain);
  const user = await userAccount(chain, tx);
  const token = gasTokenOf(parameters.feeMode);
  let paid = 0n;
  if (outside) {
    if (token) {
      const amount = feePaid(outside.execution.calls, token, relayer);
      if (amount === undefined) {
        throw paymasterError('MAX_AMOUNT_TOO_LOW');
      }
      paid = amount;
    }
    if (
      !tx.deployment &&
      !(await signatureValid(chain, user, outside.execution, outside.signature))
    ) {
      throw paymasterError('INVALID_SIGNATURE');
    }
  } else if (token) {
    throw unpaidDeployment();
  }
  return chain.relay(relayedCalls(user, tx.deployment, outside), (fee) => {
    if (token && paid < strkToToken(fee, token)) {
      throw paymasterError('MAX_AMOUNT_TOO_LOW');
    }
  });
}

/**
 * paymaster_executeTransaction: the signed typed data (or a deployment
 * alone), checked and relayed (relaySigned).
 *
 * @param params - `transaction`, `parameters`.
 * @param chain - The chain.
 * @param call - The call's settings and api key.
 * @returns The transaction hash and tracking id.
 */
export async function executeTransaction(
  params: Params,
  chain: PaymasterChain,
  call: PaymasterCall,
): Promise<Record<string, string>> {
  const tx = parseUserTransaction(required(params, 'transaction'));
  const parameters = parseParameters(required(params, 'parameters'));
  checkSponsorKey(call, parameters.feeMode.mode === 'sponsored');
  const outside = tx.invoke && {
    execution: parseOutsideTypedData(tx.invoke.typed_data),
    signature: parseFeltArray(
      tx.invoke.signature,
      'transaction.invoke.signature',
    ),
  };
  return executed(await relaySigned(chain, tx, parameters, outside), call);
}

/**
 * paymaster_executeDirectTransaction (AVNU only,
 * crates/paymaster-rpc/src/endpoint/execute_raw.rs): an invoke whose
 * `execute_from_outside_call` (`{to, selector, calldata}`) the client built
 * and signed itself. Here: a call of the account's own SNIP-9 v1
 * `execute_from_outside`, read back into the execution and its signature,
 * then checked and relayed as paymaster_executeTransaction does.
 *
 * @param params - `transaction` (`{type: "invoke", invoke: {user_address,
 * execute_from_outside_call}}`), `parameters`.
 * @param chain - The chain.
 * @param call - The call's settings and api key.
 * @returns The transaction hash and tracking id ("0x0").
 */
export async function executeDirectTransaction(
  params: Params,
  chain: PaymasterChain,
  call: PaymasterCall,
): Promise<Record<string, string>> {
  const raw = expectObject(required(params, 'transaction'), 'transaction');
  if (raw.type !== 'invoke') {
    throw invalidParams('transaction.type: expected "invoke"');
  }
  const invoke = expectObject(raw.invoke, 'transaction.invoke');
  const parameters = parseParameters(required(params, 'parameters'));
  checkSponsorKey(call, parameters.feeMode.mode === 'sponsored');
  const name = 'transaction.invoke.execute_from_outside_call';
  const [direct] = parseCalls([invoke.execute_from_outside_call], name);
  const tx: UserTransaction = {
    type: 'invoke',
    invoke,
    deployment: undefined,
  };
  const user = parseFelt(
    invoke.user_address,
    'transaction.invoke.user_address',
  );
  if (
    direct?.to !== user ||
    direct.selector !== selectorOf('execute_from_outside')
  ) {
    throw invalidParams(
      `${name}: expected the account's own execute_from_outside (SNIP-9 version 1)`,
    );
  }
  let outside: SignedExecution;
  try {
    outside = readOutsideExecution(direct.calldata);
  } catch {
    throw invalidParams(`${name}.calldata: not an outside execution`);
  }
  return executed(await relaySigned(chain, tx, parameters, outside), call);
}
