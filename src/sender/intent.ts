import type { DappDetails, Plan, Step } from './plan';
import { prepareDeclare, prepareDeployAccount, prepareInvoke } from './prepare';
import type { PreparedTransaction } from './prepare';
import type { ProtocolFacts } from './protocolReads';
import { normaliseAddress } from '../keys/address';
import type { OwnAccount } from '../keys/ownership';
import type { AbiReading } from '../node/abi';
import type { NodeClient } from '../node/client';
import type { DeclarableClass } from '../node/contractClass';
import type { LateNames, ShownName } from '../node/names';
import type { PriceBook, PriceReads } from '../prices/quotes';
import { declareHash } from '../signing/transactions';
import type { TokenRecord } from '../state/schema';
import type { AccountKind } from '../state/schema';

/**
 * What a transaction path asks of the sender (src/sender/send.ts): the
 * intent, the request around it, the preview its dialog shows, and the
 * steps an intent signs.
 */

/** A call of a multicall, as the params structs produce it. */
export type WalletCall = {
  contractAddress: string;
  entrypoint: string;
  calldata: string[];
};

/** What the user asked the account to do. */
export type TransactionIntent =
  | { type: 'INVOKE'; calls: WalletCall[] }
  | {
      type: 'DECLARE';
      classHash: string;
      compiledClassHash: string;
      /** The class itself; without it the declaration cannot be simulated. */
      contractClass?: DeclarableClass['contractClass'];
    }
  | { type: 'DEPLOY_ACCOUNT' };

/** Everything a confirmation shows of a planned transaction. */
export type TransactionPreview = ProtocolFacts & {
  mode: 'send' | 'sign';
  intent: TransactionIntent;
  /** The sender (canonical). */
  account: string;
  /**
   * Its contract: how its calls are encoded into the signed calldata, and,
   * for a deployment, the class, salt and constructor calldata signed.
   */
  accountContract: {
    kind: AccountKind;
    deployment: {
      classHash: string;
      salt: string;
      constructorCalldata: string[];
    };
  };
  /** Whether the account is deployed first, in the same confirmation. */
  deploying: boolean;
  plan: Plan;
  /**
   * The ABI of every called contract with a class, as the chain has it
   * (found, none, or unreadable); contracts with no code have no entry.
   */
  chainAbis: Map<string, AbiReading>;
  /** Called contracts with no code on chain. */
  undeployedTargets: string[];
  /**
   * Starknet ID names of the other parties shown, each read both ways by
   * the wallet (absent or empty: none to show).
   */
  names?: ShownName[];
  /** The prices read with it, for the values shown (never signed). */
  worth?: PriceBook | undefined;
  /**
   * The names of the pools' validators that claim one, checked while the
   * dialog is open (shownNames.ts: stakerNamesLater).
   */
  validatorNames?: LateNames;
};

/** A request to plan, show and sign (or send) one intent. */
export type SenderRequest = {
  client: NodeClient;
  account: OwnAccount;
  intent: TransactionIntent;
  details: DappDetails;
  /** The details' param name, to blame. */
  field: string;
  /** Shows the preview; throws UserRejectedError when the user declines. */
  confirm: (preview: TransactionPreview) => Promise<void>;
  /** Prices to read with the first round trip, for the dialog's values. */
  prices?: PriceReads | undefined;
  /** Whether the user lets the wallet read prices (see ReadContext). */
  pricing?: boolean | undefined;
  /** Tracked tokens, to word a staking refusal's amounts. */
  tokens?: TokenRecord[] | undefined;
  /** The param the calls are, to blame (default `calls`). */
  callsField?: string | undefined;
};

/**
 * The steps of an intent from one account.
 *
 * @param account - The sender's keys.
 * @param chainId - The chain.
 * @param intent - The intent.
 * @returns Its step.
 */
export function stepOf(
  account: OwnAccount,
  chainId: string,
  intent: TransactionIntent,
): Step {
  if (intent.type === 'INVOKE') {
    return {
      kind: 'INVOKE',
      hash: (details) =>
        prepareInvoke(account, intent.calls, chainId, details, false).hash,
      build: (details, sign) =>
        prepareInvoke(account, intent.calls, chainId, details, sign),
    };
  }
  if (intent.type === 'DECLARE') {
    const { classHash, compiledClassHash, contractClass } = intent;
    return {
      kind: 'DECLARE',
      hash: (details) =>
        declareHash({
          senderAddress: account.address,
          classHash,
          compiledClassHash,
          chainId,
          details,
        }),
      build: (details, sign): PreparedTransaction => {
        if (!contractClass) {
          // readNode never simulates such a declaration; it is only signed.
          throw new Error(
            'A declaration given by its class hash alone cannot be simulated or sent',
          );
        }
        return prepareDeclare(
          account,
          contractClass,
          classHash,
          compiledClassHash,
          chainId,
          details,
          sign,
        );
      },
    };
  }
  return {
    kind: 'DEPLOY_ACCOUNT',
    hash: (details) =>
      prepareDeployAccount(account, chainId, details, false).hash,
    build: (details, sign) =>
      prepareDeployAccount(account, chainId, details, sign),
  };
}

/**
 * The contracts an intent calls, distinct: every one is looked up. The
 * params structs refuse calls to more than MAX_ABI_LOOKUPS of them (see
 * CallsStruct), so the lookups stay bounded.
 *
 * @param intent - The intent.
 * @returns Their canonical addresses.
 */
export function targetsOf(intent: TransactionIntent): string[] {
  if (intent.type !== 'INVOKE') {
    return [];
  }
  const targets = intent.calls.map(({ contractAddress }) =>
    normaliseAddress(contractAddress),
  );
  return [...new Set(targets)];
}
