// The same declarations as a CommonJS module sees them (`require`).
import { formatUnits, parseUnits } from '@snapnet/client';
import type { SnapResult } from '@snapnet/client';
import { dialogText } from '@snapnet/client/testing';

export const amount: string = formatUnits(15n, 1);
export const parsed: bigint | undefined = parseUnits('1.5', 1);
// @ts-expect-error formatUnits takes a bigint
export const notBigint = formatUnits('15', 1);
export const text: string = dialogText(['a']);
export const accounts: SnapResult<'snapnet_recoverAccounts'>[number]['address'] =
  '0x1';
