import * as fc from 'fast-check';
import { outsideExecution, OutsideExecutionVersion, typedData } from 'starknet';

import { transactionContent } from './transaction';
import { readShown } from '../../../test/readDialog';
import type { ShownLine } from '../../../test/readDialog';
import { TESTNET_CHAIN_ID } from '../../config';
import { accountAddress, deploymentData } from '../../keys/address';
import type { CheckedBuild } from '../../paymaster/checkBuilt';
import { ADDRESS_BOUND, FELT_PRIME, toHex } from '../../protocol/values';
import type { TransactionPreview, WalletCall } from '../../sender/intent';
import { ANY_CALLER } from '../../signing/executionGrant';
import type { OutsideExecution } from '../../signing/executionGrant';
import { analyseTypedData } from '../../signing/typedData';
import type { TokenRecord } from '../../state/schema';
import { callViewsOf, rawCallViewsOf } from '../transactionText';
import { visibleContent } from '../visibleContent';

/**
 * The paymaster dialog is the inverse of the signed hash: from what it
 * shows alone — the signer, the network's chain id, every call (the fee
 * transfer among them), the relayer, the window and the nonce — the SNIP-9
 * outside execution is rebuilt and hashes to the hash the wallet signs.
 */

const NETWORK = { name: 'Testnet', chainId: TESTNET_CHAIN_ID };
const STRK: TokenRecord = {
  address: '0x04718f5a0fc34cc1af16a1cdee98ffb20c31f5cd61d6ab07201858f4287c938d',
  chainId: TESTNET_CHAIN_ID,
  name: 'Starknet Token',
  symbol: 'STRK',
  decimals: 18,
};

const FELT = fc.bigInt({ min: 0n, max: FELT_PRIME - 1n });
const ADDRESS = fc.bigInt({ min: 1n, max: ADDRESS_BOUND - 1n });

const PAYMASTER_BUILDS = fc.record({
  publicKey: fc.bigInt({ min: 1n, max: 2n ** 250n }),
  anyCaller: fc.boolean(),
  caller: ADDRESS,
  nonce: FELT,
  after: fc.bigInt({ min: 0n, max: 2n ** 40n }),
  window: fc.bigInt({ min: 1n, max: 1800n }),
  calls: fc.array(
    fc.record({
      to: ADDRESS,
      entrypoint: fc.constantFrom('transfer', 'approve', 'swap', 'mint'),
      calldata: fc.array(FELT, { maxLength: 4 }),
    }),
    { minLength: 1, maxLength: 3 },
  ),
  fee: fc.option(fc.bigInt({ min: 0n, max: 2n ** 128n - 1n })),
  raw: fc.boolean(),
});

type PaymasterBuild =
  typeof PAYMASTER_BUILDS extends fc.Arbitrary<infer Built> ? Built : never;

/**
 * The calls of a build, the fee transfer last.
 *
 * @param build - The build.
 * @returns Its calls.
 */
function callsOf(build: PaymasterBuild): WalletCall[] {
  const calls = build.calls.map((call) => ({
    contractAddress: toHex(call.to),
    entrypoint: call.entrypoint,
    calldata: call.calldata.map(toHex),
  }));
  return build.fee === null
    ? calls
    : [
        ...calls,
        {
          contractAddress: STRK.address,
          entrypoint: 'transfer',
          calldata: [toHex(build.caller), toHex(build.fee), '0x0'],
        },
      ];
}

/**
 * The dialog of a build and the hash the wallet signs.
 *
 * @param build - The build.
 * @returns What is shown, and the signed hash.
 */
function dialogAndHash(build: PaymasterBuild): {
  lines: ShownLine[];
  signed: string;
} {
  const account = accountAddress(toHex(build.publicKey), 'argent-cairo1');
  const calls = callsOf(build);
  const caller = build.anyCaller ? ANY_CALLER : build.caller;
  const data = outsideExecution.getTypedData(
    TESTNET_CHAIN_ID,
    {
      caller: toHex(caller),
      execute_after: Number(build.after),
      execute_before: Number(build.after + build.window),
    },
    toHex(build.nonce),
    calls,
    OutsideExecutionVersion.V1,
  );
  const analysis = analyseTypedData(data, account, NETWORK, 'typed_data');
  const { grant } = analysis;
  if (grant?.kind !== 'outside-execution') {
    throw new Error('Not read as an outside execution');
  }
  const execution: OutsideExecution = grant;
  const checked: CheckedBuild = {
    type: 'invoke',
    // The dialog never shows the typed data object itself: only its reading.
    signable: { typedData: data as never, analysis, execution },
    ...(build.fee === null
      ? {}
      : {
          feeTransfer: {
            token: STRK,
            amount: build.fee,
            recipient: execution.caller,
          },
        }),
    estimatedFee: build.fee ?? 0n,
    feeWarnings: [],
  };
  const preview: TransactionPreview = {
    mode: 'send',
    intent: { type: 'INVOKE', calls },
    account,
    accountContract: {
      kind: 'argent-cairo1',
      deployment: deploymentData(toHex(build.publicKey), 'argent-cairo1'),
    },
    deploying: false,
    plan: {
      transactions: [],
      maxFee: 0n,
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
  const tokens = [STRK];
  const content = transactionContent(
    {
      request: {
        origin: 'https://dapp.example',
        networkName: NETWORK.name,
        chainId: NETWORK.chainId,
        address: account,
        locale: 'en',
      },
      preview,
      tokens,
      paymaster: { host: 'paymaster.example', build: checked },
    },
    build.raw
      ? { calls: rawCallViewsOf(preview, tokens), tooLarge: true }
      : callViewsOf(preview, tokens),
  );
  return {
    lines: readShown(visibleContent(content)),
    signed: analysis.hash,
  };
}

/**
 * The copyable value right after a text that starts so.
 *
 * @param lines - The dialog.
 * @param text - The text's start.
 * @param from - Where to look from.
 * @returns The value.
 */
function after(lines: ShownLine[], text: string, from = 0): string {
  const at = lines.findIndex(
    (line, index) =>
      index >= from && line.kind === 'text' && line.text.startsWith(text),
  );
  const value = lines[at + 1];
  if (at < 0 || value?.kind !== 'copyable') {
    throw new Error(`Nothing shown after ${text}`);
  }
  return value.text;
}

/**
 * A row's value.
 *
 * @param lines - The dialog.
 * @param label - Its label.
 * @param from - Where to look from.
 * @returns Its text.
 */
function row(lines: ShownLine[], label: string, from = 0): string {
  const found = lines
    .slice(from)
    .find((line) => line.kind === 'row' && line.label === label);
  if (found?.kind !== 'row') {
    throw new Error(`No row ${label}`);
  }
  return found.text;
}

/**
 * Rebuilds the signed hash from the dialog alone.
 *
 * @param lines - The dialog.
 * @returns The SNIP-12 hash of the outside execution it shows.
 */
function hashFromDialog(lines: ShownLine[]): string {
  const signer = after(lines, 'Sender:');
  const chainId = /\((?<hex>0x[0-9a-f]+)\)$/u.exec(row(lines, 'Chain id'))
    ?.groups?.hex;
  const calls = lines.flatMap((line, at) => {
    if (line.kind !== 'heading' || !/^Call \d+ of \d+/u.test(line.text)) {
      return [];
    }
    const calldata = lines.findIndex(
      (each, index) =>
        index > at &&
        each.kind === 'text' &&
        each.text.startsWith('Calldata ('),
    );
    const next = lines[calldata + 1];
    return [
      {
        to: after(lines, 'Contract', at),
        selector: row(lines, 'Selector', at),
        calldata:
          next?.kind === 'copyable' && next.text !== ''
            ? next.text.split(', ')
            : [],
      },
    ];
  });
  const anyone = lines.some(
    (line) => line.kind === 'text' && line.text.includes('(ANY_CALLER)'),
  );
  const caller = anyone
    ? 'ANY_CALLER'
    : after(lines, 'You sign an outside execution');
  const seconds = (label: string): string =>
    row(lines, label).split(' ')[0] ?? '';
  const rebuilt = {
    ...outsideExecution.getTypedData(
      chainId ?? '',
      {
        caller,
        execute_after: seconds('Valid after'),
        execute_before: seconds('Valid before'),
      },
      after(lines, 'Nonce'),
      [],
      OutsideExecutionVersion.V1,
    ),
  };
  rebuilt.message = {
    ...rebuilt.message,
    calls_len: calls.length,
    calls: calls.map((call) => ({
      ...call,
      calldata_len: call.calldata.length,
    })),
  };
  return typedData.getMessageHash(rebuilt, signer);
}

describe('the paymaster dialog is the inverse of the hash', () => {
  it('rebuilds, from what it shows alone, the outside execution the wallet signs', () => {
    fc.assert(
      fc.property(PAYMASTER_BUILDS, (build) => {
        const { lines, signed } = dialogAndHash(build);
        expect(BigInt(hashFromDialog(lines))).toBe(BigInt(signed));
      }),
      { numRuns: 40 },
    );
  });

  it('shows the exact fee and the paymaster, or who sponsors it', () => {
    const lines = (fee: bigint | null): string =>
      dialogAndHash({
        publicKey: 5n,
        anyCaller: false,
        caller: 7n,
        nonce: 9n,
        after: 0n,
        window: 600n,
        calls: [{ to: 11n, entrypoint: 'swap', calldata: [] }],
        fee,
        raw: false,
      })
        .lines.map((line) =>
          line.kind === 'row' ? `${line.label}: ${line.text}` : line.text,
        )
        .join('\n');
    const paid = lines(1_500_000_000_000_000n);
    expect(paid).toContain('Fee, paid in STRK: 0.0015 STRK');
    expect(paid).toContain('Paymaster: paymaster.example');
    expect(paid).not.toContain('Sponsored');
    const sponsored = lines(null);
    expect(sponsored).toContain('Sponsored by paymaster.example');
    expect(sponsored).not.toContain('Fee, paid in');
  });
});
