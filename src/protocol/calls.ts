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
