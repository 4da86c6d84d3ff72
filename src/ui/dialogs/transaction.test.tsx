import {
  array,
  assert,
  bigInt,
  boolean,
  constantFrom,
  integer,
  oneof,
  property,
  record,
  stringMatching,
} from 'fast-check';
import type { Arbitrary } from 'fast-check';
import { constants, hash } from 'starknet';

import { transactionContent } from './transaction';
import { readShown } from '../../../test/readDialog';
import type { ShownLine } from '../../../test/readDialog';
import { accountAddress, deploymentData } from '../../keys/address';
import { FELT_PRIME, toHex } from '../../protocol/values';
import { maxFeeOf } from '../../sender/fees';
import type {
  TransactionIntent,
  TransactionPreview,
} from '../../sender/intent';
import type { PlannedTransaction } from '../../sender/plan';
import { QUERY_VERSION } from '../../sender/plan';
import type { V3Details } from '../../signing/details';
import {
  declareHash,
  deployAccountHash,
  invokeHash,
} from '../../signing/transactions';
import type { AccountKind } from '../../state/schema';
import { callViewsOf, rawCallViewsOf } from '../transactionText';
import { visibleContent } from '../visibleContent';

// The transaction dialog is the inverse of the hash: for generated v3
// invokes, deployments and declarations (random bounds, tips, nonces,
// calls, calldata, chain ids, both account kinds; calls decoded or shown
// raw), the hash rebuilt from
// nothing but what the dialog shows is the hash the wallet signs. And no
// two accepted transactions that differ share a hash: every change that
// would alias in the hash (a value past its type) is refused.

const felt = (): Arbitrary<bigint> => bigInt({ min: 0n, max: FELT_PRIME - 1n });
const hexFelt = (): Arbitrary<string> => felt().map(toHex);
const width = (bits: bigint): Arbitrary<string> =>
  bigInt({ min: 0n, max: 2n ** bits - 1n }).map(toHex);

const boundArbitrary = record({
  max_amount: width(64n),
  max_price_per_unit: width(128n),
});

const detailsArbitrary: Arbitrary<V3Details> = record({
  version: constantFrom('0x3' as const, QUERY_VERSION),
  nonce: hexFelt(),
  resourceBounds: record({
    l1_gas: boundArbitrary,
    l2_gas: boundArbitrary,
    l1_data_gas: boundArbitrary,
  }),
  tip: width(64n),
  paymasterData: constantFrom([]),
  accountDeploymentData: constantFrom([]),
  nonceDataAvailabilityMode: constantFrom('L1' as const),
  feeDataAvailabilityMode: constantFrom('L1' as const),
});

/** Chain ids: 1 to 31 printable ASCII characters. */
const chainIdArbitrary = stringMatching(/^[ -~]{1,31}$/u).map((text) =>
  toHex(
    [...text].reduce(
      (value, character) => value * 256n + BigInt(character.charCodeAt(0)),
      0n,
    ),
  ),
);

const callArbitrary = record({
  contractAddress: bigInt({ min: 1n, max: 2n ** 251n - 1n }).map(
    (value) => `0x${value.toString(16).padStart(64, '0')}`,
  ),
  entrypoint: stringMatching(/^[a-z_][a-z0-9_]{0,30}$/u),
  calldata: array(hexFelt(), { maxLength: 6 }),
});

/** A tracked token, so that some calls are decoded as token transfers. */
const STRK_TOKEN = {
  address: '0x04718f5a0fc34cc1af16a1cdee98ffb20c31f5cd61d6ab07201858f4287c938d',
  name: 'Starknet Token',
  symbol: 'STRK',
  decimals: 18,
  chainId: '0x534e5f5345504f4c4941',
};

/** A transfer of the tracked token: `[recipient, low, high]`. */
const transferArbitrary = record({
  contractAddress: constantFrom(STRK_TOKEN.address),
  entrypoint: constantFrom('transfer'),
  calldata: array(width(128n), { minLength: 3, maxLength: 3 }),
});

const intentArbitrary: Arbitrary<TransactionIntent> = integer({
  min: 0,
  max: 2,
}).chain((which): Arbitrary<TransactionIntent> => {
  if (which === 0) {
    return record({
      type: constantFrom('INVOKE' as const),
      calls: array(oneof(callArbitrary, transferArbitrary), {
        minLength: 1,
        maxLength: 4,
      }),
    });
  }
  if (which === 1) {
    return record({
      type: constantFrom('DECLARE' as const),
      classHash: hexFelt(),
      compiledClassHash: hexFelt(),
    });
  }
  return constantFrom({ type: 'DEPLOY_ACCOUNT' as const });
});

/** A transaction as the wallet would plan, show and sign it. */
type Payload = {
  intent: TransactionIntent;
  kind: AccountKind;
  publicKey: string;
  chainId: string;
  mode: 'send' | 'sign';
  /** An invoke from an undeployed account: its deployment goes first. */
  deploying: boolean;
  details: V3Details[];
  /** Whether the dialog shows the calls raw (too large to decode). */
  raw: boolean;
};

const payloadArbitrary: Arbitrary<Payload> = record({
  intent: intentArbitrary,
  kind: constantFrom<AccountKind>('argent-cairo1', 'argent-cairo0'),
  publicKey: bigInt({ min: 1n, max: 2n ** 251n - 1n }).map(toHex),
  chainId: chainIdArbitrary,
  mode: constantFrom('send' as const, 'sign' as const),
  deploying: boolean(),
  details: array(detailsArbitrary, { minLength: 2, maxLength: 2 }),
  raw: boolean(),
}).map((payload) => ({
  ...payload,
  // Only an invoke is preceded by a deployment, and only when sending.
  deploying:
    payload.deploying &&
    payload.intent.type === 'INVOKE' &&
    payload.mode === 'send',
}));

/**
 * The kinds of the transactions a payload signs, in order.
 *
 * @param payload - The payload.
 * @returns The kinds.
 */
function kindsOf(payload: Payload): PlannedTransaction['kind'][] {
  return payload.deploying
    ? ['DEPLOY_ACCOUNT', payload.intent.type]
    : [payload.intent.type];
}

/**
 * The hashes the wallet signs for a payload (its own hashing code).
 *
 * @param payload - The payload.
 * @returns One hash per transaction.
 */
function signedHashes(payload: Payload): string[] {
  const address = accountAddress(payload.publicKey, payload.kind);
  const deployment = deploymentData(payload.publicKey, payload.kind);
  return kindsOf(payload).map((kind, index) => {
    const details = payload.details[index] ?? payload.details[0];
    if (!details) {
      throw new Error('no details');
    }
    const { chainId, intent } = payload;
    if (kind === 'DEPLOY_ACCOUNT') {
      return deployAccountHash({
        contractAddress: address,
        ...deployment,
        chainId,
        details,
      });
    }
    if (intent.type === 'DECLARE') {
      return declareHash({
        senderAddress: address,
        ...intent,
        chainId,
        details,
      });
    }
    const calls = intent.type === 'INVOKE' ? intent.calls : [];
    return invokeHash({
      senderAddress: address,
      calls,
      kind: payload.kind,
      chainId,
      details,
    });
  });
}

/**
 * The dialog a payload's confirmation shows, as the user's screen gets it.
 *
 * @param payload - The payload.
 * @returns What is shown.
 */
function dialogOf(payload: Payload): ShownLine[] {
  const address = accountAddress(payload.publicKey, payload.kind);
  const transactions = kindsOf(payload).map((kind, index) => {
    const details = payload.details[index] ?? payload.details[0];
    if (!details) {
      throw new Error('no details');
    }
    return { kind, details, maxFee: maxFeeOf(details), dappNonce: false };
  });
  const preview: TransactionPreview = {
    mode: payload.mode,
    intent: payload.intent,
    account: address,
    accountContract: {
      kind: payload.kind,
      deployment: deploymentData(payload.publicKey, payload.kind),
    },
    deploying: payload.deploying,
    plan: {
      transactions,
      maxFee: transactions.reduce((sum, each) => sum + each.maxFee, 0n),
      estimates: [],
      prices: undefined,
      balanceChanges: [],
      revertReason: undefined,
      feeWarnings: [],
      intentExecution: undefined,
    },
    chainAbis: new Map(),
    undeployedTargets: [],
  };
  const tokens = [STRK_TOKEN];
  const content = transactionContent(
    {
      request: {
        origin: 'https://dapp.example',
        networkName: 'Some network',
        chainId: payload.chainId,
        address,
        locale: 'en',
      },
      preview,
      tokens,
    },
    payload.raw
      ? { calls: rawCallViewsOf(preview, tokens), tooLarge: true }
      : callViewsOf(preview, tokens),
  );
  return readShown(visibleContent(content));
}

/** What the dialog says, read back into the hash's inputs. */
class DialogReader {
  readonly #lines: ShownLine[];

  /**
   * @param lines - What the dialog shows.
   */
  constructor(lines: ShownLine[]) {
    this.#lines = lines;
  }

  /**
   * The value shown in a row.
   *
   * @param label - The row's label.
   * @param from - Where to start looking.
   * @returns Its text.
   */
  row(label: string, from = 0): string {
    const line = this.#lines
      .slice(from)
      .find((each) => each.kind === 'row' && each.label === label);
    if (!line) {
      throw new Error(`The dialog shows no row ${label}`);
    }
    return line.text;
  }

  /**
   * The copyable value shown right after a text.
   *
   * @param text - The text before it (its start).
   * @param from - Where to start looking.
   * @returns The value.
   */
  after(text: string, from = 0): string {
    const at = this.#lines.findIndex(
      (line, index) =>
        index >= from && line.kind === 'text' && line.text.startsWith(text),
    );
    const value = this.#lines[at + 1];
    if (at < 0 || value?.kind !== 'copyable') {
      throw new Error(`The dialog shows nothing after ${text}`);
    }
    return value.text;
  }

  /**
   * Where a text or heading first appears.
   *
   * @param predicate - What to look for.
   * @param from - Where to start looking.
   * @returns Its position (-1 when absent).
   */
  find(predicate: (line: ShownLine) => boolean, from = 0): number {
    return this.#lines.findIndex(
      (line, index) => index >= from && predicate(line),
    );
  }

  /** @returns Every line. */
  get lines(): ShownLine[] {
    return this.#lines;
  }
}

/**
 * A hex value in parentheses at the end of a text, or the text itself.
 *
 * @param text - E.g. `SN_MAIN (0x534e5f4d41494e)`.
 * @returns The hex.
 */
function hexIn(text: string): string {
  return /\((0x[0-9a-f]+)\)$/u.exec(text)?.[1] ?? text;
}

/**
 * A list shown as comma-joined text.
 *
 * @param text - The text (empty for none).
 * @returns The values.
 */
function listOf(text: string): string[] {
  return text === '' ? [] : text.split(', ');
}

/**
 * The fee fields of one transaction, read from its section.
 *
 * @param dialog - The dialog.
 * @param from - Where its section starts.
 * @returns Its details, as hashed.
 */
function detailsFrom(dialog: DialogReader, from: number): V3Details {
  const bound = (
    label: string,
  ): { max_amount: string; max_price_per_unit: string } => {
    const match = /^up to (\d+) units at up to (\d+) FRI each$/u.exec(
      dialog.row(label, from),
    );
    if (!match) {
      throw new Error(`Unreadable bound ${label}`);
    }
    return {
      max_amount: toHex(BigInt(match[1] ?? '')),
      max_price_per_unit: toHex(BigInt(match[2] ?? '')),
    };
  };
  const tip = /^(\d+) FRI per unit of L2 gas(?:[,:] .*)?$/u.exec(
    dialog.row('Tip', from),
  );
  return {
    version: dialog.row('Version', from) === '3' ? '0x3' : QUERY_VERSION,
    nonce: toHex(BigInt(dialog.row('Nonce', from))),
    resourceBounds: {
      l1_gas: bound('L1 gas'),
      l2_gas: bound('L2 gas'),
      l1_data_gas: bound('L1 data gas'),
    },
    tip: toHex(BigInt(tip?.[1] ?? 'x')),
    // The wallet refuses anything but these (checkSignableDetails).
    paymasterData: [],
    accountDeploymentData: [],
    nonceDataAvailabilityMode: 'L1',
    feeDataAvailabilityMode: 'L1',
  };
}

/**
 * The fields starknet.js hashes for these details, the chain apart.
 *
 * @param details - The details.
 * @returns The common hash fields.
 */
function hashFields(details: V3Details): {
  version: V3Details['version'];
  nonce: string;
  tip: string;
  paymasterData: string[];
  nonceDataAvailabilityMode: 0;
  feeDataAvailabilityMode: 0;
  resourceBounds: Record<
    'l1_gas' | 'l2_gas' | 'l1_data_gas',
    { max_amount: bigint; max_price_per_unit: bigint }
  >;
} {
  const toBN = (bound: {
    max_amount: string;
    max_price_per_unit: string;
  }): { max_amount: bigint; max_price_per_unit: bigint } => ({
    max_amount: BigInt(bound.max_amount),
    max_price_per_unit: BigInt(bound.max_price_per_unit),
  });
  return {
    version: details.version,
    nonce: details.nonce,
    tip: details.tip,
    paymasterData: [],
    nonceDataAvailabilityMode: 0,
    feeDataAvailabilityMode: 0,
    resourceBounds: {
      l1_gas: toBN(details.resourceBounds.l1_gas),
      l2_gas: toBN(details.resourceBounds.l2_gas),
      l1_data_gas: toBN(details.resourceBounds.l1_data_gas),
    },
  };
}

/**
 * The execute calldata of calls read from the dialog, encoded as the
 * account kind shown says (independently of the wallet's own encoder).
 *
 * @param calls - Target, selector and calldata of each call.
 * @param cairo1 - Whether the account is Cairo 1.
 * @returns The calldata the hash covers.
 */
function executeCalldataOf(
  calls: { to: string; selector: string; calldata: string[] }[],
  cairo1: boolean,
): string[] {
  const count = toHex(BigInt(calls.length));
  if (cairo1) {
    return [
      count,
      ...calls.flatMap(({ to, selector, calldata }) => [
        to,
        selector,
        toHex(BigInt(calldata.length)),
        ...calldata,
      ]),
    ];
  }
  let offset = 0;
  const headers = calls.flatMap(({ to, selector, calldata }) => {
    const header = [
      to,
      selector,
      toHex(BigInt(offset)),
      toHex(BigInt(calldata.length)),
    ];
    offset += calldata.length;
    return header;
  });
  return [
    count,
    ...headers,
    toHex(BigInt(offset)),
    ...calls.flatMap(({ calldata }) => calldata),
  ];
}

/**
 * Rebuilds, from what the dialog shows and nothing else, the hash of each
 * transaction it asks to sign.
 *
 * @param lines - The dialog.
 * @returns One hash per transaction, in order.
 */
function hashesFromDialog(lines: ShownLine[]): string[] {
  const dialog = new DialogReader(lines);
  const signing =
    dialog.find((line) => line.kind === 'text' && line.text === 'Signer:') >= 0;
  const sender = dialog.after(signing ? 'Signer:' : 'Sender:');
  // The hash functions type the chain id as the public chains' only; they
  // hash any felt.
  const chainId = hexIn(dialog.row('Chain id')) as constants.StarknetChainId;
  const cairo1 = dialog.row('Account contract').includes('Cairo 1');
  const feeSections = dialog.lines.flatMap((line, index) =>
    line.kind === 'text' &&
    /^(?:\d+ of \d+: )?(?:Transaction|Contract declaration|Account deployment)(?: fee)?$/u.test(
      line.text,
    )
      ? [{ index, title: line.text }]
      : [],
  );
  return feeSections.map(({ index, title }) => {
    const fields = hashFields(detailsFrom(dialog, index));
    if (title.includes('Account deployment')) {
      return hash.calculateDeployAccountTransactionHash({
        ...fields,
        chainId,
        contractAddress: sender,
        classHash: dialog.after('Deployed with class hash:'),
        salt: dialog.after('Salt:'),
        compiledConstructorCalldata: listOf(
          dialog.after('Constructor calldata'),
        ),
      });
    }
    if (title.includes('Contract declaration')) {
      return hash.calculateDeclareTransactionHash({
        ...fields,
        chainId,
        senderAddress: sender,
        classHash: dialog.after('Class hash:'),
        compiledClassHash: dialog.after('Compiled class hash:'),
        accountDeploymentData: [],
      });
    }
    const calls = dialog.lines.flatMap((line, at) => {
      if (line.kind !== 'heading' || !/^Call \d+ of \d+/u.test(line.text)) {
        return [];
      }
      const calldata = dialog.find(
        (each) => each.kind === 'text' && each.text.startsWith('Calldata ('),
        at,
      );
      const next = dialog.lines[calldata + 1];
      return [
        {
          to: dialog.after('Contract', at),
          selector: dialog.row('Selector', at),
          calldata: next?.kind === 'copyable' ? listOf(next.text) : [],
        },
      ];
    });
    return hash.calculateInvokeTransactionHash({
      ...fields,
      chainId,
      senderAddress: sender,
      compiledCalldata: executeCalldataOf(calls, cairo1),
      accountDeploymentData: [],
    });
  });
}

/**
 * A hash as a number, so that padding does not matter.
 *
 * @param hashes - Hex hashes.
 * @returns The numbers, as text.
 */
function numbers(hashes: string[]): string[] {
  return hashes.map((value) => BigInt(value).toString());
}

/** How many aliasing changes aliasOf knows. */
const ALIASINGS = 4;

/**
 * A change to a payload that would give the same hash if the wallet let a
 * value past its type through: a nonce or a chain id plus the prime (the
 * hash reduces it), one unit of amount for 2^128 of price (the hash packs
 * them into one felt), calldata plus the prime.
 *
 * @param payload - The payload.
 * @param which - Which change (0 to ALIASINGS − 1).
 * @returns The changed payload.
 */
function aliasOf(payload: Payload, which: number): Payload {
  if (which === 0) {
    return withDetail(payload, (details) => ({
      ...details,
      nonce: toHex(BigInt(details.nonce) + FELT_PRIME),
    }));
  }
  if (which === 1) {
    return withDetail(payload, (details) => {
      const { max_amount: amount, max_price_per_unit: price } =
        details.resourceBounds.l2_gas;
      const shift = BigInt(amount) > 0n ? 1n : 0n;
      return {
        ...details,
        resourceBounds: {
          ...details.resourceBounds,
          l2_gas: {
            max_amount: toHex(BigInt(amount) - shift),
            max_price_per_unit: toHex(BigInt(price) + 2n ** 128n),
          },
        },
      };
    });
  }
  if (which === 2) {
    return { ...payload, chainId: toHex(BigInt(payload.chainId) + FELT_PRIME) };
  }
  const { intent } = payload;
  return intent.type === 'INVOKE'
    ? {
        ...payload,
        intent: {
          ...intent,
          calls: intent.calls.map((call) => ({
            ...call,
            calldata: [...call.calldata, '0x0'].map((value) =>
              toHex(BigInt(value) + FELT_PRIME),
            ),
          })),
        },
      }
    : { ...payload, chainId: toHex(BigInt(payload.chainId) + FELT_PRIME) };
}

/**
 * A payload with its first transaction's details changed.
 *
 * @param payload - The payload.
 * @param change - The change.
 * @returns The changed payload.
 */
function withDetail(
  payload: Payload,
  change: (details: V3Details) => V3Details,
): Payload {
  const [first, ...rest] = payload.details;
  return first ? { ...payload, details: [change(first), ...rest] } : payload;
}

/**
 * The hashes the wallet would sign, or undefined when it refuses.
 *
 * @param payload - The payload.
 * @returns The hashes, if accepted.
 */
function acceptedHashes(payload: Payload): string[] | undefined {
  try {
    return numbers(signedHashes(payload));
  } catch {
    return undefined;
  }
}

describe('the transaction dialog is the inverse of the hash', () => {
  it('rebuilds, from what the dialog shows alone, the hash of every transaction it signs', () => {
    assert(
      property(payloadArbitrary, (payload) => {
        const shown = dialogOf(payload);
        expect(numbers(hashesFromDialog(shown))).toStrictEqual(
          numbers(signedHashes(payload)),
        );
      }),
      { numRuns: 150 },
    );
  });

  it('never accepts two different transactions with one hash: a change that would alias is refused', () => {
    assert(
      property(
        payloadArbitrary,
        integer({ min: 0, max: ALIASINGS - 1 }),
        (payload, which) => {
          const changed = aliasOf(payload, which);
          const original = acceptedHashes(payload);
          const other = acceptedHashes(changed);
          expect(original).toBeDefined();
          if (other !== undefined) {
            expect(other).not.toStrictEqual(original);
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});
