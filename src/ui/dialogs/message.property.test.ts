import type { JSXElement } from '@metamask/snaps-sdk/jsx';
import * as fc from 'fast-check';
import { typedData as snip12 } from 'starknet';
import type { TypedData } from 'starknet';
import { is } from 'superstruct';

import { outsideExecutionContent, signMessageContent } from './message';
import { readSignMessageDialog } from '../../../test/dialogs/messageDialogReader';
import { readOutsideExecutionDialog } from '../../../test/dialogs/outsideExecutionDialogReader';
import {
  OUTSIDE_EXECUTIONS,
  spellOutsideExecution,
} from '../../../test/signing/outsideExecutionArbitrary';
import { PAYLOADS } from '../../../test/signing/typedDataArbitrary';
import { spellPayload } from '../../../test/signing/typedDataSpelling';
import { SUPPORTED_NETWORKS } from '../../config';
import { InvalidInputError } from '../../errors';
import { normaliseAddress } from '../../keys/address';
import { TypedDataStruct } from '../../methods/structs';
import {
  ADDRESS_BOUND,
  FELT_PRIME,
  toHex,
  U128_BOUND,
} from '../../protocol/values';
import { analyseTypedData } from '../../signing/typedData';
import type { TypedDataAnalysis } from '../../signing/typedData';
import { describeCalls } from '../decodeCalls';
import { visibleContent } from '../visibleContent';

/**
 * What you see is what you sign, as a property: for generated typed data —
 * revisions 0 and 1, every basic and preset type, enums, merkle trees,
 * nested structs and arrays, outside executions v1 and v2 — typed data read
 * back from nothing but the dialog's shown texts hashes (with the signer
 * the dialog names) to the hash that is signed; one meaning spelt two ways
 * shows one dialog; two payloads show the same dialog exactly when they
 * hash alike; and whatever a site sends is shown or refused as invalid
 * input, never anything else.
 */

const [, TESTNET] = SUPPORTED_NETWORKS;
/**
 * The generators' seed: fixed, so `npm test` is repeatable; set
 * TYPED_DATA_SEED to explore.
 */
// eslint-disable-next-line n/no-process-env
const SEED = Number(process.env.TYPED_DATA_SEED ?? 20260512);

/** Cases per property: each costs a few hashes of the whole payload. */
const RUNS = { readBack: 100, spellings: 60, pairs: 40, hostile: 100 };

const SIGNERS = fc
  .bigInt({ min: 1n, max: ADDRESS_BOUND - 1n })
  .map((address) => normaliseAddress(toHex(address)));

/** Any typed data a dapp builds: a plain message or an outside execution. */
const TYPED_DATA = fc.oneof(
  { weight: 3, arbitrary: PAYLOADS.chain(spellPayload) },
  { weight: 1, arbitrary: OUTSIDE_EXECUTIONS.chain(spellOutsideExecution) },
);

/** A dialog as the user sees it, and the analysis it was built from. */
type Shown = { analysis: TypedDataAnalysis; dialog: JSXElement };

/**
 * The dialog signMessage shows for typed data, through visibleContent as
 * every dialog is (no node: the called contracts' ABIs are unknown).
 *
 * @param data - The typed data.
 * @param signer - The signer.
 * @returns The analysis and the dialog.
 */
function show(data: TypedData, signer: string): Shown {
  if (!TESTNET) {
    throw new Error('No Testnet');
  }
  const analysis = analyseTypedData(data, signer, TESTNET, 'typedDataMessage');
  const request = {
    origin: 'https://dapp.example',
    networkName: TESTNET.name,
    chainId: TESTNET.chainId,
    address: signer,
    locale: 'en',
  };
  const grant =
    analysis.grant?.kind === 'outside-execution' ? analysis.grant : undefined;
  const decode = { tokens: [], account: signer, chainAbis: new Map() };
  const content = grant
    ? outsideExecutionContent(
        {
          request,
          analysis,
          execution: grant,
          chainData: {
            kind: 'chain',
            networkName: TESTNET.name,
            chainId: TESTNET.chainId,
            decode,
          },
          field: 'typedDataMessage',
        },
        describeCalls(grant.calls, decode),
      )
    : signMessageContent(request, analysis);
  return { analysis, dialog: visibleContent(content) };
}

/**
 * The hash of the typed data a dialog shows, read back from its texts.
 *
 * @param shown - The dialog.
 * @returns starknet.js's message hash of what it shows.
 */
function hashOfShown(shown: Shown): string {
  const { data, signer } =
    shown.analysis.grant?.kind === 'outside-execution'
      ? readOutsideExecutionDialog(shown.dialog)
      : readSignMessageDialog(shown.dialog);
  return snip12.getMessageHash(data, signer);
}

/** Values out of some type's range, or of no type. */
const HOSTILE_VALUES = fc.oneof(
  fc.constantFrom<unknown>(
    toHex(FELT_PRIME),
    toHex(FELT_PRIME + 5n),
    toHex(U128_BOUND),
    toHex(ADDRESS_BOUND),
    (-(2n ** 127n) - 1n).toString(),
    (2n ** 256n).toString(),
    'a text far longer than thirty-one characters',
    'caf\u00e9',
    'x\u202Ey',
    ' 5',
    '0b101',
    '0x',
    '0xZZ',
    -1,
    1.5,
    2 ** 60,
    true,
    null,
    [],
    {},
    { low: '0x1' },
    { A: [], B: [] },
  ),
  fc.jsonValue({ maxDepth: 2 }),
);

/**
 * Every path to a value inside a JSON value.
 *
 * @param value - The value.
 * @param path - Its own path.
 * @returns The paths.
 */
function pathsOf(value: unknown, path: string[] = []): string[][] {
  if (typeof value !== 'object' || value === null) {
    return [path];
  }
  return [
    path,
    ...Object.entries(value).flatMap(([key, child]) =>
      pathsOf(child, [...path, key]),
    ),
  ];
}

/**
 * A copy of a JSON value with one inner value replaced.
 *
 * @param value - The value.
 * @param path - Where to replace.
 * @param replacement - The new inner value.
 * @returns The copy.
 */
function replaced(
  value: unknown,
  path: string[],
  replacement: unknown,
): unknown {
  const [key, ...rest] = path;
  if (key === undefined) {
    return replacement;
  }
  if (Array.isArray(value)) {
    return value.map((item: unknown, index) =>
      String(index) === key ? replaced(item, rest, replacement) : item,
    );
  }
  if (typeof value !== 'object' || value === null) {
    return value;
  }
  return Object.fromEntries(
    Object.entries(value).map(([name, child]) => [
      name,
      name === key ? replaced(child, rest, replacement) : child,
    ]),
  );
}

describe('the sign-message dialog shows exactly what is signed', () => {
  it('reads back, from its shown texts alone, into typed data that hashes to the signed hash', () => {
    fc.assert(
      fc.property(TYPED_DATA, SIGNERS, (data, signer) => {
        const shown = show(data, signer);
        expect(hashOfShown(shown)).toBe(shown.analysis.hash);
      }),
      { numRuns: RUNS.readBack, seed: SEED },
    );
  });

  it('shows one meaning spelt two ways as one dialog', () => {
    const twoSpellings = fc.oneof(
      PAYLOADS.chain((payload) =>
        fc.tuple(spellPayload(payload), spellPayload(payload)),
      ),
      OUTSIDE_EXECUTIONS.chain((execution) =>
        fc.tuple(
          spellOutsideExecution(execution),
          spellOutsideExecution(execution),
        ),
      ),
    );
    fc.assert(
      fc.property(twoSpellings, SIGNERS, ([first, second], signer) => {
        const one = show(first, signer);
        const other = show(second, signer);
        expect(other.analysis.hash).toBe(one.analysis.hash);
        expect(other.dialog).toStrictEqual(one.dialog);
      }),
      { numRuns: RUNS.spellings, seed: SEED },
    );
  });

  it('shows two payloads alike exactly when they hash alike', () => {
    fc.assert(
      fc.property(TYPED_DATA, TYPED_DATA, SIGNERS, (first, second, signer) => {
        const one = show(first, signer);
        const other = show(second, signer);
        expect(
          JSON.stringify(other.dialog) === JSON.stringify(one.dialog),
        ).toBe(other.analysis.hash === one.analysis.hash);
      }),
      { numRuns: RUNS.pairs, seed: SEED },
    );
  });

  it('shows or refuses as invalid input whatever a site sends: a value out of its type is never shown', () => {
    const mutated = fc
      .tuple(TYPED_DATA, HOSTILE_VALUES)
      .chain(([data, hostile]) =>
        fc
          .constantFrom(...pathsOf(data).filter((path) => path.length > 0))
          .map((path) => replaced(data, path, hostile)),
      );
    fc.assert(
      fc.property(mutated, SIGNERS, (data, signer) => {
        if (!is(data, TypedDataStruct)) {
          // The params struct refuses it (-32602) before any analysis.
          return;
        }
        let shown: Shown | undefined;
        try {
          shown = show(data, signer);
        } catch (error) {
          expect(error).toBeInstanceOf(InvalidInputError);
          return;
        }
        expect(hashOfShown(shown)).toBe(shown.analysis.hash);
      }),
      { numRuns: RUNS.hostile, seed: SEED },
    );
  });
});
