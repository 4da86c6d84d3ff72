import type { SnapClient } from '../src/client';
import type { ParamsArgument, SnapParams } from '../src/methods';

// Compile-time checks (tsc fails if a line does not type-check).
const defaultsMayBeOmitted: SnapParams<'snapnet_createAccount'> = {};
const withChain: SnapParams<'snapnet_extractPublicKey'> = {
  userAddress: '0x1',
};
const noParams: ParamsArgument<'snapnet_getCurrentNetwork'> = [];
// @ts-expect-error userAddress has no default
const missingRequired: SnapParams<'snapnet_extractPublicKey'> = {};

export const typeChecks: unknown[] = [
  defaultsMayBeOmitted,
  withChain,
  noParams,
  missingRequired,
];

/**
 * The exact result of `invoke` by its params: snapnet_getTransactions
 * answers its array unless asked `reportPartial: true`, its envelope then.
 *
 * @param client - A client.
 */
export async function getTransactionsResults(
  client: SnapClient,
): Promise<void> {
  const senderAddress = '0x1';
  const plain = await client.invoke('snapnet_getTransactions', {
    senderAddress,
  });
  const plainFirst: string | undefined = plain[0]?.txnHash;
  // @ts-expect-error without reportPartial the result is the array
  const noEnvelope: unknown = plain.partial;
  const envelope = await client.invoke('snapnet_getTransactions', {
    senderAddress,
    reportPartial: true,
  });
  const reason: string | undefined = envelope.partial?.reason;
  const records: string[] = envelope.transactions.map(({ txnHash }) => txnHash);
  // @ts-expect-error with reportPartial: true the result is the envelope
  const notArray: number = envelope.length;
  const asArray = await client.invoke('snapnet_getTransaction', {
    senderAddress,
    reportPartial: false,
  });
  const aliasFirst: string | undefined = asArray[0]?.status;
  const either = await client.invoke('snapnet_getTransactions', {
    senderAddress,
    reportPartial: Math.random() > 0.5,
  });
  // @ts-expect-error when only known as a boolean, it may be either
  const unknownForm: number = either.length;
  const other: string = (await client.invoke('snapnet_getCurrentNetwork'))
    .chainId;
  typeChecks.push(
    plainFirst,
    noEnvelope,
    reason,
    records,
    notArray,
    aliasFirst,
    unknownForm,
    other,
  );
}
