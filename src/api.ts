/**
 * The snap's API as dapps see it, in one module: the method table's type
 * (names, params and results come from the router's structs) and the error
 * codes the snap answers with, and its amount formatting. The dapp client
 * and the OpenRPC document take them from here; nothing in this module
 * touches state, keys or the node.
 */
import type { CallerParams, CallerResult } from './methods/callerTypes';
import type { methods } from './methods/router';

// Amounts as the snap shows and reads them (its dialogs and home page), for
// dapps to show balances and read amounts the same way.
export { formatUnits, parseUnits } from './format';

/**
 * Every `snapnet_*` method with the params a dapp passes (fields the snap
 * fills in when left out are optional) and the result it gets back, as the
 * method's structs describe them.
 */
export type SnapApi = {
  [Name in keyof typeof methods]: {
    params: CallerParams<(typeof methods)[Name]['params']>;
    result: CallerResult<(typeof methods)[Name]['result']>;
  };
};

/** The JSON-RPC codes of the snap's errors (see `toSnapError`). */
export const SnapErrorCode = {
  UserRejected: 4001,
  Unauthorized: 4100,
  InvalidParams: -32602,
  MethodNotFound: -32601,
  ResourceNotFound: -32001,
  ResourceUnavailable: -32002,
  Internal: -32603,
} as const;

export type SnapErrorName = keyof typeof SnapErrorCode;

/** What each error means to a dapp, and what the dapp can do about it. */
export const SNAP_ERRORS: Readonly<
  Record<SnapErrorName, { meaning: string; whatToDo: string }>
> = {
  UserRejected: {
    meaning: 'The user declined the request in MetaMask.',
    whatToDo:
      'Nothing was signed or sent. Leave it there, or offer to ask again.',
  },
  Unauthorized: {
    meaning:
      'The caller may not do this: another snap, a site MetaMask has not connected to the snap, or an account the user has not shared with this site (`data.address` names it; a foreign address answers the same).',
    whatToDo:
      'Connect first (wallet_requestSnaps); for an account, ask the user to share it (snapnet_createAccount or snapnet_recoverAccounts), then retry.',
  },
  InvalidParams: {
    meaning:
      'A param is missing or wrong; the message and `data.field` name it (e.g. an address that is not an account of this wallet).',
    whatToDo: 'Fix that field; retrying unchanged fails the same way.',
  },
  MethodNotFound: {
    meaning: 'The installed snap has no such method (an older version).',
    whatToDo: 'Ask the user to update the snap, or do without the method.',
  },
  ResourceNotFound: {
    meaning: 'The thing asked for does not exist, e.g. an unknown transaction.',
    whatToDo:
      'Check the hash and network; a just-sent transaction may need a moment.',
  },
  ResourceUnavailable: {
    meaning:
      "The network's nodes are down, failing, answering garbage, or serving another chain or JSON-RPC version (every one of them was tried); `data.network` names the network. With `data.transactionHash`: a signed transaction was handed to a node whose answer never came back whole, so it may have reached the network.",
    whatToDo:
      'Retry later or on another network; nothing was signed or sent. With `data.transactionHash`, look that transaction (or the account nonce) up before sending again.',
  },
  Internal: {
    meaning:
      'The node refused the transaction (its code in `data.nodeCode`, its reason in the message), or an unexpected error.',
    whatToDo:
      'Show the message; for a refused transaction fix its cause (balance, nonce, fee) and send again.',
  },
};
