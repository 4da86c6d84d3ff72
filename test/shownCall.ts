import type { CallToShow } from '../src/protocol/calls';
import { selectorOf } from '../src/protocol/selectors';

/**
 * A call as a dialog gets it: its selector the entry point's, its calldata
 * hex felts (numbers written in hex, text kept as given).
 *
 * @param contractAddress - The contract.
 * @param entrypoint - The entry point.
 * @param calldata - The calldata.
 * @returns The call.
 */
export function shownCall(
  contractAddress: string,
  entrypoint: string,
  calldata: (bigint | string)[],
): CallToShow {
  return {
    contractAddress,
    entrypoint,
    selector: selectorOf(entrypoint),
    calldata: calldata.map((value) =>
      typeof value === 'string' ? value : `0x${value.toString(16)}`,
    ),
  };
}
