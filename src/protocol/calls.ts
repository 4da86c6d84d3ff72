/**
 * A call as it is signed and shown: what the signing code hands the dialogs
 * and the dialogs decode (kept below both).
 */
export type CallToShow = {
  contractAddress: string;
  /** The entrypoint name the dapp gave, when it gave one. */
  entrypoint?: string;
  /** The entrypoint selector (canonical hex). */
  selector: string;
  calldata: string[];
};

/**
 * Whether a call goes to an address, however either is spelled (a call's
 * address that is no number goes nowhere).
 *
 * @param call - The call.
 * @param address - The address.
 * @returns Whether it does.
 */
export function goesTo(call: CallToShow, address: string): boolean {
  try {
    return BigInt(call.contractAddress) === BigInt(address);
  } catch {
    return false;
  }
}
