import type { RunningNode } from './node';
import { LOCAL_PAYMASTER_API_KEY } from '@snapnet/local-node';

/** Stands for the account to fund in the banner's `devnet_mint` line. */
export const MINT_ADDRESS_PLACEHOLDER = '0xYOUR_ACCOUNT_ADDRESS';

/**
 * 100 STRK in FRI, as a bare JSON number: the form starknet-devnet's own
 * client sends, which both nodes parse exactly.
 */
const HUNDRED_STRK = '100000000000000000000';

/** The banner's last line: everything answered. */
export const READY_LINE = 'Ready. Press Ctrl-C to stop everything.';

export type BannerFacts = {
  node: RunningNode;
  snapUrl: string;
  snapId: string;
  siteUrl: string;
};

/**
 * A curl command that mints 100 STRK to an account with `devnet_mint`.
 *
 * @param node - The node.
 * @returns The command.
 */
export function mintCommand(node: RunningNode): string {
  const body = `{"jsonrpc":"2.0","id":1,"method":"devnet_mint","params":{"address":"${MINT_ADDRESS_PLACEHOLDER}","amount":${HUNDRED_STRK},"unit":"FRI"}}`;
  return `curl -s ${node.url} -H 'Content-Type: application/json' -d '${body}'`;
}

/**
 * What `npm start` prints once the node, the snap server and the page all
 * answer: where each one is, the funded accounts, how to fund another.
 *
 * @param facts - The running parts.
 * @returns The banner.
 */
export function banner(facts: BannerFacts): string {
  const { node, snapUrl, snapId, siteUrl } = facts;
  const accounts =
    node.accounts.length === 0
      ? ['  (the node lists no predeployed accounts)']
      : node.accounts.map(
          (account, index) =>
            `  #${index} ${account.address}\n     private key ${account.privateKey}`,
        );
  const storage = node.storageUrl
    ? [
        `Content storage for token logos: ${node.storageUrl}/api/v0 (add one: curl -X POST -F file=@logo.svg ${node.storageUrl}/api/v0/add)`,
        '',
      ]
    : [];
  const relayer = node.accounts[node.accounts.length - 1];
  const paymaster =
    node.paymasterUrl && relayer
      ? [
          `SNIP-29 paymaster (fees in STRK or ETH, or sponsored; the snap's Testnet uses it): ${node.paymasterUrl} — relayer: the last funded account, ${relayer.address}; it answers in AVNU's dialect, sponsored requests with x-paymaster-api-key: ${LOCAL_PAYMASTER_API_KEY}`,
          '',
        ]
      : [];
  const staking = node.staking
    ? [
        `Staking: Sepolia's staking contract ${node.staking.contract}, emulated with ${node.staking.validators} validators (found by its NewDelegationPool events); exit wait ${node.staking.exitWaitWindow} s (local-node --exit-wait-window)`,
        "Liquid staking: Endur's xSTRK vault and withdrawal queue at Sepolia's addresses, emulated; the rate rises with the chain's clock, redeems are claimable after 7 days (local-node --liquid-withdrawal-wait)",
        '',
      ]
    : [];
  const swap =
    node.swapUrl && node.swapExchange
      ? [
          `Swaps through an emulated AVNU: exchange ${node.swapExchange} (Sepolia's address), its API at ${node.swapUrl} (GET ${node.swapUrl}/swap/v3/quotes, POST ${node.swapUrl}/swap/v3/build); pools of STRK, ETH, USDC, USDT and WBTC at the oracle's prices`,
          '',
        ]
      : [];
  return [
    '',
    `Starknet node (Testnet, JSON-RPC ${node.specVersion}): ${node.url} — ${node.label}`,
    'Funded accounts:',
    ...accounts,
    '',
    'Fund your own account with 100 STRK (put its address in):',
    `  ${mintCommand(node)}`,
    '',
    ...storage,
    ...paymaster,
    ...staking,
    ...swap,
    `The companion page: ${siteUrl} (open it in a browser with MetaMask Flask and press Connect).`,
    `The snap: ${snapUrl} (snap id ${snapId}). From any page's console:`,
    `  await ethereum.request({ method: 'wallet_requestSnaps', params: { '${snapId}': {} } })`,
    `  await ethereum.request({ method: 'wallet_invokeSnap', params: { snapId: '${snapId}',`,
    `    request: { method: 'snapnet_createAccount', params: {} } } })`,
    '',
    READY_LINE,
    '',
  ].join('\n');
}
