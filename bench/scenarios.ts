import type { installSnap } from '@metamask/snaps-jest';
import type { Json } from '@metamask/snaps-sdk';

import { defaultState } from '../src/state/schema';
import {
  ACCOUNT_0 as ACCOUNT,
  ETH,
  flatMailRevision1,
  MAINNET,
  RESOURCE_BOUNDS,
  STRK,
  TESTNET,
  typedDataRevision1,
} from '../test/fixtures';

export type Wallet = Awaited<ReturnType<typeof installSnap>>;

/** Account 0 of the default snaps-jest phrase. */
export const ACCOUNT_0 = ACCOUNT.address;
const RECIPIENT =
  '0x0000000000000000000000000000000000000000000000000000000000abcdef';
/** A recipient the bench gives a Starknet ID name (snap.bench.ts). */
export const NAMED_RECIPIENT =
  '0x00000000000000000000000000000000000000000000000000000000000a11ce';
export const RECIPIENT_NAME = 'bench-recipient.stark';

/** A SNIP-12 revision 1 message, shared with the end-to-end tests. */
export const TYPED_DATA = typedDataRevision1;

/** What the setup prepared, shared by the scenarios. */
export type BenchContext = {
  /** Account 0's deployment transaction. */
  deployTxHash: string;
  /** Account 0's `"r,s"` signature of TYPED_DATA, made by the snap. */
  signature: string;
  /** A Sierra class to declare (a fresh ABI per call), if the fixture exists. */
  sierra: Record<string, Json> | undefined;
};

export type Scenario = {
  /** Dialogs each call opens, approved by the harness in order. */
  dialogs: number;
  note?: string;
  /** A fresh install from this state before each call (untimed). */
  stateBeforeEachCall?: () => Record<string, Json>;
  /** Params of call number `call` (0 is the warm-up). */
  params: (context: BenchContext, call: number) => Record<string, Json>;
};

/** A method the benchmark cannot run here, and why. */
export type Skipped = { skip: string };

const transfer = (amount: number, to = RECIPIENT): Json => [
  {
    contractAddress: STRK,
    entrypoint: 'transfer',
    calldata: [to, String(amount), '0'],
  },
];

/**
 * Wallet state of a fresh install without ETH on the Testnet, so that
 * `addErc20Token` has a token to add on every call.
 *
 * @returns The state.
 */
function stateWithoutEth(): Record<string, Json> {
  const state = defaultState();
  const parsed: unknown = JSON.parse(
    JSON.stringify({
      ...state,
      tokens: state.tokens.filter(
        (token) => !(token.chainId === TESTNET && token.address === ETH),
      ),
    }),
  );
  if (!isJsonObject(parsed)) {
    throw new Error('The default state is not a JSON object');
  }
  return parsed;
}

/**
 * Whether a value is a JSON object.
 *
 * @param value - A parsed JSON value.
 * @returns Whether it is an object (not an array or null).
 */
export function isJsonObject(value: unknown): value is Record<string, Json> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Measurements besides one per method: a method called another way, under
 * its own name in the results.
 */
export const VARIANTS: Record<string, Scenario & { method: string }> = {
  'snapnet_executeTxn (named recipient)': {
    method: 'snapnet_executeTxn',
    dialogs: 1,
    note: `STRK transfer from deployed account 0 to ${RECIPIENT_NAME}, whose name resolves back: its lookups ride the existing batches`,
    params: (_ctx, call) => ({
      address: ACCOUNT_0,
      calls: transfer(call + 1, NAMED_RECIPIENT),
      chainId: TESTNET,
    }),
  },
  'snapnet_signMessage (named address)': {
    method: 'snapnet_signMessage',
    dialogs: 1,
    note: `a ContractAddress field holding ${RECIPIENT_NAME}'s address, whose name resolves back: its lookups (reverse, then forward, 3 s at most) are read while the dialog is open, none before it; the harness approves at once, so the forward one is mostly never asked`,
    params: () => ({
      typedDataMessage: {
        ...flatMailRevision1,
        message: { to: NAMED_RECIPIENT, contents: 'Hello' },
      },
      signerAddress: ACCOUNT_0,
    }),
  },
  'snapnet_executeTxn (paymaster)': {
    method: 'snapnet_executeTxn',
    dialogs: 1,
    note: "STRK transfer from deployed account 0, the fee in STRK through the local node's SNIP-29 paymaster (node and paymaster round trips; the relayer's name is checked forward while the dialog is open)",
    params: (_ctx, call) => ({
      address: ACCOUNT_0,
      calls: transfer(call + 1),
      chainId: TESTNET,
      paymaster: { feeMode: { mode: 'default', gasToken: STRK } },
    }),
  },
};

/**
 * How each method is called by the benchmark, by RPC name. A method of the
 * router table missing here is reported as not measured.
 *
 * @param context - The prepared context.
 * @returns The scenarios.
 */
export function scenarios(
  context: Pick<BenchContext, 'sierra'>,
): Record<string, Scenario | Skipped> {
  const { sierra } = context;
  return {
    snapnet_addErc20Token: {
      dialogs: 1,
      note: 'fresh install (state without ETH) before each call',
      stateBeforeEachCall: stateWithoutEth,
      params: () => ({
        tokenAddress: ETH,
        tokenName: 'Ether',
        tokenSymbol: 'ETH',
        tokenDecimals: 18,
        chainId: TESTNET,
      }),
    },
    snapnet_createAccount: {
      dialogs: 1,
      note: 'next unused index, no deploy: its share dialog',
      params: () => ({}),
    },
    snapnet_declareContract: sierra
      ? {
          dialogs: 1,
          note: 'ERC-20 Sierra class (~640 KB), a new ABI entry per call',
          params: (_ctx, call) => ({
            senderAddress: ACCOUNT_0,
            contractPayload: {
              contract: {
                ...sierra,
                abi: [
                  {
                    type: 'function',
                    name: `bench_${call}`,
                    inputs: [],
                    outputs: [],
                    state_mutability: 'view',
                  },
                ],
              },
              compiledClassHash: '0x1234',
            },
          }),
        }
      : { skip: 'fixture ERC20-StarkGate.sierra.json not found' },
    snapnet_displayPrivateKey: {
      dialogs: 2,
      note: 'confirmation, then the key in an alert',
      params: () => ({ userAddress: ACCOUNT_0 }),
    },
    snapnet_estimateAccountDeployFee: {
      dialogs: 0,
      note: 'undeployed index 1',
      params: () => ({ addressIndex: 1 }),
    },
    snapnet_estimateFee: {
      dialogs: 0,
      note: 'STRK transfer from deployed account 0',
      params: () => ({ address: ACCOUNT_0, invocations: transfer(1) }),
    },
    snapnet_executeTxn: {
      dialogs: 1,
      note: 'STRK transfer from deployed account 0',
      params: (_ctx, call) => ({
        address: ACCOUNT_0,
        calls: transfer(call + 1),
        chainId: TESTNET,
      }),
    },
    snapnet_extractPublicKey: {
      dialogs: 0,
      params: () => ({ userAddress: ACCOUNT_0 }),
    },
    snapnet_getCurrentNetwork: { dialogs: 0, params: () => ({}) },
    snapnet_getErc20TokenBalance: {
      dialogs: 0,
      params: () => ({ tokenAddress: STRK, userAddress: ACCOUNT_0 }),
    },
    snapnet_getTransactions: {
      dialogs: 0,
      note: 'account 0, history from the node (none in state)',
      params: () => ({ senderAddress: ACCOUNT_0 }),
    },
    snapnet_getTransactionStatus: {
      dialogs: 0,
      params: (ctx) => ({ transactionHash: ctx.deployTxHash }),
    },
    snapnet_recoverAccounts: {
      dialogs: 0,
      note: 'defaults: index 0, maxScanned 1 (account 0, already shared)',
      params: () => ({}),
    },
    snapnet_revokeAccess: {
      dialogs: 0,
      note: 'an empty list: withdraws nothing, answers account 0',
      params: () => ({ addresses: [] }),
    },
    snapnet_signDeclareTransaction: {
      dialogs: 1,
      note: 'nonce and bounds given; prices from the node',
      params: () => ({
        address: ACCOUNT_0,
        chainId: TESTNET,
        details: {
          classHash:
            '0x29927c8af6bccf3f6fda035981e765a7bdbf18a2dc0d630494f8758aa908e2b',
          compiledClassHash: '0x1234',
          version: '0x3',
          nonce: '0x2',
          resourceBounds: RESOURCE_BOUNDS,
        },
      }),
    },
    snapnet_signMessage: {
      dialogs: 1,
      note: "its ContractAddress values' reverse lookups, read while the dialog is open (none before it; a second round trip only when one claims a name and the dialog is still open)",
      params: () => ({
        typedDataMessage: TYPED_DATA,
        signerAddress: ACCOUNT_0,
      }),
    },
    snapnet_signTransaction: {
      dialogs: 1,
      note: 'nonce and bounds given; simulated',
      params: () => ({
        address: ACCOUNT_0,
        chainId: TESTNET,
        transactions: transfer(1),
        transactionsDetail: { nonce: '0x1', resourceBounds: RESOURCE_BOUNDS },
      }),
    },
    snapnet_switchNetwork: {
      dialogs: 1,
      note: 'alternately to Mainnet and back',
      params: (_ctx, call) => ({
        chainId: call % 2 === 0 ? MAINNET : TESTNET,
      }),
    },
    snapnet_verifySignedMessage: {
      dialogs: 0,
      note: "own account's signature",
      params: (ctx) => ({
        typedDataMessage: TYPED_DATA,
        address: ACCOUNT_0,
        signature: ctx.signature,
      }),
    },
  };
}
