/**
 * Plain data the handlers hand to the dialogs. Handlers build these; only
 * src/ui turns them into snap UI.
 */

/** Who asks, on which network, from which account. */
export type RequestView = {
  origin: string;
  networkName: string;
  chainId: string;
  address: string;
};

/** A decoded call (ERC-20 transfer, approve, ABI-decoded, ...). */
export type DecodedCallView = {
  summary: string;
  fields: { label: string; value: string }[];
  warning?: string;
};

export type CallView = {
  contractAddress: string;
  contractLabel?: string;
  entrypoint: string;
  calldata: string[];
  decoded?: DecodedCallView;
};

/** Fee and nonce lines of a transaction confirmation. */
export type FeeView = {
  maxFee?: string;
  nonce?: string;
  version?: string;
};

export type TypedDataView = {
  domain: { label: string; value: string }[];
  chainMismatch?: string;
  primaryType: string;
  message: MessageField[];
};

/** One field of a typed message; nested structs carry children. */
export type MessageField = {
  label: string;
  value?: string;
  children?: MessageField[];
};
