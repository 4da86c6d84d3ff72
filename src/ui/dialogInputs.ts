import type { OwnName } from './parties';

/**
 * Plain data the handlers hand to the dialogs. Handlers build these; only
 * src/ui turns them into snap UI.
 */

/** Who asks, on which network, from which account. */
export type RequestView = {
  origin: string;
  networkName: string;
  chainId: string;
  /** The site that added the network, whose node sees this request. */
  networkAddedBy?: string | undefined;
  address: string;
  /** MetaMask's locale: the dialog's dates are written in it. */
  locale: string;
  /**
   * The user's accounts (any network: the key decides), so that a party
   * that is one of them reads "your Account 2", never as a stranger.
   */
  ownAccounts?: OwnName[];
};

/** A decoded call (ERC-20 transfer, approve, ABI-decoded, ...). */
export type DecodedCallView = {
  summary: string;
  fields: { label: string; value: string }[];
  warning?: string;
};

export type CallView = {
  contractAddress: string;
  /** The tracked token's symbol, when the contract is one. */
  contractLabel?: string;
  /**
   * The entrypoint's name when known (chain ABI, or the name the dapp gave
   * whose selector is the signed one), else its selector.
   */
  entrypoint: string;
  selector: string;
  calldata: string[];
  /**
   * How the calldata was labelled: by the token rules, by the class's ABI
   * from the chain, or by the ABI the site sent (unverified).
   */
  decoded?: DecodedCallView & {
    source: 'token' | 'staking' | 'swap' | 'liquid' | 'chain' | 'site';
  };
  /**
   * What the call does, every party that is not the signer named
   * (./parties.ts), when a row or an ABI reads it.
   */
  headline?: string;
  /** The headline, short enough for a dialog's title. */
  title?: string;
  /** Set when the call only lets a later call of the transaction spend. */
  enables?: true;
  /** Why this call is dangerous, when it is. */
  danger?: string;
  /** Why the contract's ABI on chain could not label this call, if so. */
  rawReason?: string;
};

/** One line of a fee section. */
export type FeeLine = { label: string; value: string };

/** One field of a typed message; nested structs carry children. */
export type MessageField = {
  label: string;
  value?: string;
  children?: MessageField[];
};
