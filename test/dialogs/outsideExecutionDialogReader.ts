import type { JSXElement } from '@metamask/snaps-sdk/jsx';
import { OutsideExecutionTypesV1, OutsideExecutionTypesV2 } from 'starknet';

import { DialogReader } from './messageDialogReader';
import type { ReadBack } from './messageDialogReader';
import {
  elementsOf,
  isShown,
  propText,
  revisionOf,
  sectionTitled,
  signerOf,
  textOf,
} from './shownElements';

/**
 * Reads an outside-execution dialog back into SNIP-9 typed data: the
 * version, caller, window and nonce rows, each call's contract, selector
 * and calldata, and the domain.
 *
 * @param dialog - The dialog as shown (after visibleContent).
 * @returns The typed data and the signer.
 */
export function readOutsideExecutionDialog(dialog: JSXElement): ReadBack {
  if (!isShown(dialog)) {
    throw new Error('Not a dialog');
  }
  const domainSection = sectionTitled(dialog, 'Domain (SNIP-12 revision ');
  const reader = new DialogReader(revisionOf(domainSection));
  const domain = reader.domain(domainSection);
  const execution = sectionTitled(dialog, 'Outside execution (SNIP-9 ');
  const version = textOf(elementsOf(execution)[0]).endsWith('version 1)')
    ? '1'
    : '2';
  const row = (label: string): string => {
    const found = elementsOf(execution).find(
      (child) => child.type === 'Row' && propText(child, 'label') === label,
    );
    return textOf(found ? elementsOf(found)[0] : undefined);
  };
  const seconds = (label: string): string =>
    /\((?<seconds>[0-9]+)\)$/u.exec(row(label))?.groups?.seconds ?? '';
  // The calls' sections sit in a box of their own (CallSections).
  const calls = elementsOf(dialog)
    .flatMap((child) => (child.type === 'Box' ? elementsOf(child) : [child]))
    .filter(
      (child) =>
        child.type === 'Section' && elementsOf(child)[0]?.type === 'Heading',
    )
    .map((call) => {
      const copyables = elementsOf(call).filter(
        ({ type }) => type === 'Copyable',
      );
      const selector = elementsOf(call).find(
        (child) =>
          child.type === 'Row' && propText(child, 'label') === 'Selector',
      );
      const [contract, calldata] = copyables;
      return {
        to: contract ? propText(contract, 'value') : '',
        selector: textOf(selector ? elementsOf(selector)[0] : undefined),
        calldata: calldata ? propText(calldata, 'value').split(', ') : [],
      };
    });
  const [caller] = row('Caller').split(' ');
  const types =
    version === '1' ? OutsideExecutionTypesV1 : OutsideExecutionTypesV2;
  const message =
    version === '1'
      ? {
          caller,
          nonce: row('Nonce'),
          execute_after: seconds('Valid after'),
          execute_before: seconds('Valid before'),
          calls_len: calls.length,
          calls: calls.map((call) => ({
            ...call,
            calldata_len: call.calldata.length,
          })),
        }
      : {
          Caller: caller,
          Nonce: row('Nonce'),
          'Execute After': seconds('Valid after'),
          'Execute Before': seconds('Valid before'),
          Calls: calls.map(({ to, selector, calldata }) => ({
            To: to,
            Selector: selector,
            Calldata: calldata,
          })),
        };
  return {
    data: {
      types: { ...types, ...reader.types },
      primaryType: 'OutsideExecution',
      domain,
      message,
    },
    signer: signerOf(dialog),
  };
}
