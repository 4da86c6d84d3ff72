import type { Json } from '@metamask/snaps-sdk';

import type { MethodName } from '../../src/methods/router';
import { ACCOUNT_0, ETH, MAINNET, STRK, TESTNET } from '../../test/fixtures';

/**
 * What the structs cannot say about a method: its purpose, what can make it
 * fail, and examples. Typed by the router's method names, so a method added
 * to the table does not type-check until it is documented here.
 */
export type MethodDoc = {
  summary: string;
  description?: string;
  /** It may open a MetaMask dialog, so the user may decline (4001). */
  dialog: boolean;
  /** It may call the network's node (-32002 when the node fails). */
  node: boolean;
  /** It may answer that the thing asked for does not exist (-32001). */
  notFound?: boolean;
  /** Run in this order, one snap, by test/chain/openrpc-examples.test.ts. */
  examples: [MethodExample, ...MethodExample[]];
};

export type MethodExample = {
  name: string;
  description?: string;
  params: Record<string, Json>;
  result: Json;
  /**
   * Why the snap's answer differs from `result` (a fresh hash, the node's
   * fees): then only its shape is checked. Absent: it must equal `result`.
   */
  resultVaries?: string;
};

/**
 * The examples' wallet: account 0 of the secret recovery phrase
 * `test test test test test test test test test test test ball`.
 */
const ACCOUNT = ACCOUNT_0.address;
const PUBLIC_KEY = ACCOUNT_0.publicKey;
const RECIPIENT =
  '0x0000000000000000000000000000000000000000000000000000000000abcdef';

/** The first transaction of the examples' node: 100 STRK minted to ACCOUNT. */
export const EXAMPLE_FUNDING = {
  address: ACCOUNT,
  amountFri: '100000000000000000000',
  transactionHash:
    '0x188e2651332cc7cae30ce9b4c87e5af0e8e302b4fc8229f3027268f3eed4dbb',
};

/**
 * The node of the addNetwork example: a devnet on this computer serving the
 * chain `SN_DEVNET`. The examples test starts one and puts its own URL in
 * place of this one.
 */
export const EXAMPLE_DEVNET = {
  rpcUrl: 'http://127.0.0.1:5050/rpc',
  chainId: '0x534e5f4445564e4554',
};

/** 1 STRK to RECIPIENT: an ERC-20 transfer (u256 amount as low, high). */
const TRANSFER = {
  contractAddress: STRK,
  entrypoint: 'transfer',
  calldata: [RECIPIENT, '0xde0b6b3a7640000', '0x0'],
};

/** Resource bounds given in full, signed as given. */
const RESOURCE_BOUNDS = {
  l1_gas: { max_amount: '0x0', max_price_per_unit: '0x0' },
  l2_gas: { max_amount: '0x200000', max_price_per_unit: '0x3b9aca00' },
  l1_data_gas: { max_amount: '0x200', max_price_per_unit: '0x3b9aca00' },
};

/** A SNIP-12 (revision 1) message. */
const TYPED_DATA = {
  types: {
    StarknetDomain: [
      { name: 'name', type: 'shortstring' },
      { name: 'version', type: 'shortstring' },
      { name: 'chainId', type: 'shortstring' },
      { name: 'revision', type: 'shortstring' },
    ],
    Mail: [
      { name: 'to', type: 'ContractAddress' },
      { name: 'contents', type: 'shortstring' },
    ],
  },
  primaryType: 'Mail',
  domain: {
    name: 'Example Dapp',
    version: '1',
    chainId: 'SN_SEPOLIA',
    revision: '1',
  },
  message: { to: RECIPIENT, contents: 'Hello' },
};

const MESSAGE_SIGNATURE =
  '0x84154f5b4dd484e55095528fe96c435825b4aca77225cddbd0b33b95b87bd7,0x16b8d8d67fb1fd01bf42ff3ce4b1856bc3ec70ab1ada54a8b585dcaeaf033d7';

/** The smallest Sierra class the node declares (it runs no Cairo). */
const TINY_CLASS = {
  sierra_program: ['0x1', '0x2'],
  contract_class_version: '0.1.0',
  entry_points_by_type: { CONSTRUCTOR: [], EXTERNAL: [], L1_HANDLER: [] },
  abi: [],
};
const TINY_CLASS_HASH =
  '0x375176d23dc3342b12e17f1c77e87fc4378d4344e6c2bdfdca9935107ba1bb8';

const FRESH_HASH = 'a new transaction hash';
const SENT_HASH =
  '0x77db6887b18a17871dcff5b73699d0c0bffc5076bff2cbf797a7291bf7fba6b';
const NODE_FEES = "the node's fees";

export const METHOD_DOCS: Record<MethodName, MethodDoc> = {
  snapnet_addErc20Token: {
    summary: 'Adds an ERC-20 token to the wallet, after the user approves.',
    description:
      'The token is read on chain first: decimals that differ from the contract are refused, decimals above 255 or an unreadable symbol are refused, a different symbol is shown to the user as a warning. A token already tracked on that network is refused. `tokenLogo` (ipfs://<cid>) is read from the content storage and shown only if its bytes match the content id and it is a small PNG, JPEG or SVG; otherwise the token is added without it and the dialog says why.',
    dialog: true,
    node: true,
    examples: [
      {
        name: 'Track ETH',
        description: 'In a wallet that does not track ETH on Testnet yet.',
        params: {
          tokenAddress: ETH,
          tokenName: 'Ether',
          tokenSymbol: 'ETH',
          tokenDecimals: 18,
          chainId: TESTNET,
        },
        result: {
          address: ETH,
          name: 'Ether',
          symbol: 'ETH',
          decimals: 18,
          chainId: TESTNET,
        },
      },
    ],
  },
  snapnet_addNetwork: {
    summary:
      'Adds a Starknet network (a name, a chain id and its node), after the user approves.',
    description:
      "The node is asked its chain id first: a node serving another chain is refused, and nothing is stored. `rpcUrl` is https, or http on localhost; an API key belongs in its path. The result is false when the user declines. Every method then works on the new network (switch to it with snapnet_switchNetwork); Mainnet and Testnet stay and cannot be removed. `paymasterUrl` names the network's SNIP-29 paymaster (same URL rules; shown in the dialog); without it the network has none.",
    dialog: true,
    node: true,
    examples: [
      {
        name: 'A local devnet',
        params: {
          name: 'Local devnet',
          chainId: EXAMPLE_DEVNET.chainId,
          rpcUrl: EXAMPLE_DEVNET.rpcUrl,
        },
        result: true,
      },
    ],
  },
  snapnet_createAccount: {
    summary:
      'Creates the account at an index of the secret recovery phrase (Argent 0.3.1), and deploys it on request.',
    description:
      "The account is shared with the calling site in a dialog naming it (an account already created and shared is returned without one). Without `addressIndex` the next unused index on that network is taken (at most 2^31 − 1; an index far past the next free one is flagged). Without `deploy` nothing is sent and `transaction_hash` is the empty string; with it the user approves the simulated deployment and its fee, and a v3 DEPLOY_ACCOUNT paid in STRK is sent. With `paymaster` (and `deploy`) the network's SNIP-29 paymaster deploys it: sponsored, nothing signed; or paid in a token, the deployment with an outside execution holding the fee transfer alone (AVNU answers `deploy_and_invoke`), signed after one confirmation — a paymaster that refuses a paid deployment alone is named as `paymaster.feeMode` (-32602), nothing signed. Its deployment data are checked to be the account's own.",
    dialog: true,
    node: true,
    examples: [
      {
        name: 'Account 0, not deployed',
        params: { addressIndex: 0 },
        result: { address: ACCOUNT, transaction_hash: '' },
      },
    ],
  },
  snapnet_declareContract: {
    summary:
      'Declares a Sierra contract class from an account of the wallet, after the user approves.',
    description:
      '`contractPayload` holds the Sierra `contract` and its `casm` (or its `compiledClassHash`), as objects or JSON text. An undeployed sender is deployed in the same confirmation.',
    dialog: true,
    node: true,
    examples: [
      {
        name: 'Declare a class',
        params: {
          senderAddress: ACCOUNT,
          contractPayload: {
            contract: TINY_CLASS,
            compiledClassHash: '0x1234',
          },
        },
        result: {
          transaction_hash:
            '0x44ac752984d199d79156305c12be5a72e60696b64d6c651fd9e2aaccf8ffe3',
          class_hash: TINY_CLASS_HASH,
        },
        resultVaries: FRESH_HASH,
      },
    ],
  },
  snapnet_displayPrivateKey: {
    summary:
      "Shows an account's private key to the user, in MetaMask only, after a confirmation.",
    description: 'The key never reaches the caller: the result is null.',
    dialog: true,
    node: false,
    examples: [
      {
        name: 'Show the key of account 0',
        params: { userAddress: ACCOUNT },
        result: null,
      },
    ],
  },
  snapnet_estimateAccountDeployFee: {
    summary: 'Estimates the fee of deploying the account at an index.',
    description:
      'Amounts are base-10 integer text in the fee token\'s smallest unit (FRI: STRK pays v3 transactions), `unit` is "wei" as the wallet API names it. `suggestedMaxFee` is the most the wallet lets the deployment cost.',
    dialog: false,
    node: true,
    examples: [
      {
        name: 'Deploying account 1',
        params: { addressIndex: 1 },
        result: {
          suggestedMaxFee: '1359504000000000',
          overallFee: '604224000000000',
          gasConsumed: '604224',
          gasPrice: '1000000000',
          unit: 'wei',
        },
        resultVaries: NODE_FEES,
      },
    ],
  },
  snapnet_estimateFee: {
    summary:
      'Estimates the fee of sending calls from an account of the wallet.',
    description:
      "`includeDeploy` is true when the account is not deployed yet and its deployment is estimated with the calls. With `paymaster`, the fee through the network's SNIP-29 paymaster in the smallest units of `gasToken` (echoed): `overallFee` its estimate, `suggestedMaxFee` the fee transfer a send would sign, both 0 when sponsored; the relayer pays the gas (`gasConsumed` and `gasPrice` 0).",
    dialog: false,
    node: true,
    examples: [
      {
        name: 'A transfer of 1 STRK',
        description: 'From account 0, deployed by the declaration above.',
        params: { address: ACCOUNT, invocations: [TRANSFER] },
        result: {
          suggestedMaxFee: '931932000000000',
          overallFee: '414192000000000',
          gasConsumed: '414192',
          gasPrice: '1000000000',
          unit: 'wei',
          includeDeploy: false,
        },
        resultVaries: NODE_FEES,
      },
    ],
  },
  snapnet_executeTxn: {
    summary:
      'Signs and sends a v3 INVOKE of one or more calls, after the user approves.',
    description:
      "The confirmation shows the site, the network, the sender, every call (ERC-20 transfers and approvals decoded, others labelled from `abis` when given) and the maximum fee. Missing details come from the node. An undeployed account is deployed first, in the same confirmation. With `paymaster` (`feeMode` `default` with a `gasToken` the wallet tracks, or `sponsored`, with the dapp's `apiKey` when its paymaster needs one; `maxFeeInGasToken` caps the fee) the network's SNIP-29 paymaster builds an outside execution of the calls (with the account's deployment when it is not deployed); the wallet refuses it (-32002, nothing signed) unless its calls are exactly the calls followed by at most one fee transfer of the gas token to the relayer, of at most the fee shown (none when sponsored), bound to the network, valid for at most 30 minutes, with an unused nonce and the account's own deployment data. `details` that the account would sign are refused beside it.",
    dialog: true,
    node: true,
    examples: [
      {
        name: 'Send 1 STRK',
        params: { address: ACCOUNT, calls: [TRANSFER] },
        result: { transaction_hash: SENT_HASH },
        resultVaries: FRESH_HASH,
      },
    ],
  },
  snapnet_extractPublicKey: {
    summary:
      'The public key of an account of the wallet that the user shared with the site (4100 otherwise).',
    dialog: false,
    node: false,
    examples: [
      {
        name: 'Account 0',
        params: { userAddress: ACCOUNT },
        result: PUBLIC_KEY,
      },
    ],
  },
  snapnet_getCurrentNetwork: {
    summary: 'The network the wallet is on.',
    dialog: false,
    node: false,
    examples: [
      {
        name: 'Testnet',
        params: {},
        result: { name: 'Testnet', chainId: TESTNET },
      },
    ],
  },
  snapnet_getErc20TokenBalance: {
    summary:
      'The balance of an address in an ERC-20 token, pending and latest (hex, smallest unit).',
    dialog: false,
    node: true,
    examples: [
      {
        name: 'STRK of account 0',
        params: { tokenAddress: STRK, userAddress: ACCOUNT },
        result: {
          balancePending: '0x55ddf7b527743d000',
          balanceLatest: '0x55ddf7b527743d000',
        },
        resultVaries: 'the balance on chain',
      },
    ],
  },
  snapnet_getTransactions: {
    summary:
      "An account's transactions, newest first: the wallet's own records and what the node shows of the account.",
    description:
      "Also accepted as `snapnet_getTransaction`. Statuses of pending records are refreshed from the node; no indexer and no API key are needed. The node's part can be partial: a node's limit, a page of events it fails, a timeout. The array form does not say so (and fails as before when nothing of the node's history could be read). With `reportPartial: true` the result is `{transactions, partial}` instead: `transactions` is the same array, and `partial` is null when the read was whole, else `{reason, completeFromBlock?}`: why some history could not be read, and, when the reads reached their bounds on a busy account, the block from which on everything was read. A node that fails is then a partial read, not an error.",
    dialog: false,
    node: true,
    examples: [
      {
        name: 'Transactions of account 0',
        params: { senderAddress: ACCOUNT, onlyFromState: true },
        result: [
          {
            txnHash: SENT_HASH,
            txnType: 'invoke',
            senderAddress: ACCOUNT,
            contractAddress: STRK,
            contractFuncName: 'transfer',
            contractCallData: TRANSFER.calldata,
            status: 'ACCEPTED_ON_L2',
            failureReason: null,
            eventIds: [],
            timestamp: 1795431092,
            chainId: TESTNET,
          },
        ],
        resultVaries: 'the transactions sent before',
      },
      {
        name: 'With the read status',
        params: {
          senderAddress: ACCOUNT,
          onlyFromState: true,
          reportPartial: true,
        },
        result: {
          transactions: [
            {
              txnHash: SENT_HASH,
              txnType: 'invoke',
              senderAddress: ACCOUNT,
              contractAddress: STRK,
              contractFuncName: 'transfer',
              contractCallData: TRANSFER.calldata,
              status: 'ACCEPTED_ON_L2',
              failureReason: null,
              eventIds: [],
              timestamp: 1795431092,
              chainId: TESTNET,
            },
          ],
          partial: null,
        },
        resultVaries: 'the transactions sent before',
      },
    ],
  },
  snapnet_getTransactionStatus: {
    summary:
      'The finality status of a transaction, or REVERTED when it was included but failed.',
    dialog: false,
    node: true,
    notFound: true,
    examples: [
      {
        name: 'An accepted transaction',
        params: { transactionHash: EXAMPLE_FUNDING.transactionHash },
        result: 'ACCEPTED_ON_L2',
      },
    ],
  },
  snapnet_recoverAccounts: {
    summary:
      "Finds the wallet's accounts on a network by scanning indices of the secret recovery phrase.",
    description:
      'Both Argent account kinds are checked per index. Scanning stops after `maxScanned` indices (at most 100) or `maxMissed` undeployed indices in a row. Deployed accounts are returned and remembered; those not yet shared with the site are shown in a dialog that shares them.',
    dialog: true,
    node: true,
    examples: [
      {
        name: 'From index 0',
        params: { startScanIndex: 0, maxScanned: 1, maxMissed: 1 },
        result: [
          {
            address: ACCOUNT,
            addressIndex: 0,
            publicKey: PUBLIC_KEY,
            addressSalt: PUBLIC_KEY,
            deployTxnHash:
              '0x5cc0740d2edd768313e0b2ae625e1b889bcc49b0df20069ead52faab1be3143',
            derivationPath: "m/44'/9004'/0'/0/0",
            chainId: TESTNET,
          },
        ],
        resultVaries: 'the hash of the deployment',
      },
    ],
  },
  snapnet_revokeAccess: {
    summary:
      "Withdraws the calling site's access to some of the wallet's accounts, or to all of them.",
    description:
      'Without `addresses` every account is withdrawn. The result is the accounts the site still sees. It only takes access away, so it needs no dialog; sharing again needs the user (createAccount, recoverAccounts).',
    dialog: false,
    node: false,
    examples: [
      {
        name: 'An address the site was not given',
        params: { addresses: [RECIPIENT] },
        result: [ACCOUNT],
      },
    ],
  },
  snapnet_signDeclareTransaction: {
    summary: 'Signs a v3 DECLARE without sending it, after the user approves.',
    description:
      'Resource bounds must be given; without `details.nonce` the nonce comes from the node.',
    dialog: true,
    node: true,
    examples: [
      {
        name: 'Sign a declaration',
        params: {
          address: ACCOUNT,
          chainId: TESTNET,
          details: {
            classHash: TINY_CLASS_HASH,
            compiledClassHash: '0x1234',
            nonce: '0x5',
            version: '0x3',
            resourceBounds: RESOURCE_BOUNDS,
          },
        },
        result: {
          signature: [
            '0x36122a7ae749135e26f651f251dab2a50e0b8c4601763ae9452905018a28405',
            '0x4af5d711365d8c3f14a0f7160d887eed4696a9c8179dbb58f52515560bc0e75',
          ],
        },
      },
    ],
  },
  snapnet_signMessage: {
    summary:
      'Signs SNIP-12 typed data, after the user reads the domain and message and approves.',
    description:
      "`typedDataMessage` may be the object or its JSON text. The signature is `r,s` (hex, joined by a comma). A plain message needs no node; a SNIP-9 outside execution is shown as a transaction, its calls decoded with the ABIs from the network's node.",
    dialog: true,
    node: true,
    examples: [
      {
        name: 'Sign a mail',
        params: { typedDataMessage: TYPED_DATA, signerAddress: ACCOUNT },
        result: MESSAGE_SIGNATURE,
      },
    ],
  },
  snapnet_signTransaction: {
    summary: 'Signs a v3 INVOKE without sending it, after the user approves.',
    description:
      'The dialog is the one of executeTxn (simulation, decoded calls, every signed fee field); the nonce and resource bounds given in `transactionsDetail` are signed as given, missing ones come from the node.',
    dialog: true,
    node: true,
    examples: [
      {
        name: 'Sign a transfer',
        params: {
          address: ACCOUNT,
          chainId: TESTNET,
          transactions: [TRANSFER],
          transactionsDetail: {
            nonce: '0x5',
            version: '0x3',
            resourceBounds: RESOURCE_BOUNDS,
          },
        },
        result: [
          '0xbc7f482b60a3e80837748426165daacd1162a5d8c00eb1e7489987405600c7',
          '0x4f9681e1dbe9b1af6d2dbfb5639a32134f801a2ec59730c00e33be915e33350',
        ],
      },
    ],
  },
  snapnet_switchNetwork: {
    summary: 'Switches the wallet to another network, after the user approves.',
    description:
      'False when the user declines or the network is not supported; true with no dialog for the current network.',
    dialog: true,
    node: false,
    examples: [
      {
        name: 'To Mainnet',
        params: { chainId: MAINNET },
        result: true,
      },
    ],
  },
  snapnet_verifySignedMessage: {
    summary:
      'Whether a signature of SNIP-12 typed data is valid for an address.',
    description:
      'An account of this wallet is checked with its own key; any other account contract is asked on chain (`is_valid_signature`). The typed data is read as `snapnet_signMessage` reads it, with its bounds: what that method refuses is refused here (invalid params naming the field), never answered `true`.',
    dialog: false,
    node: true,
    examples: [
      {
        name: 'The signed mail',
        params: {
          typedDataMessage: TYPED_DATA,
          address: ACCOUNT,
          signature: MESSAGE_SIGNATURE,
        },
        result: true,
      },
    ],
  },
};
