import {
  DEFAULT_SLIPPAGE_BPS,
  MAX_SLIPPAGE_BPS,
  MIN_SLIPPAGE_BPS,
  SWAP,
} from './model';
import type { QuoteShown, SwapDraft } from './model';
import type { Network } from '../../config';
import { InvalidInputError } from '../../errors';
import { normaliseAddress } from '../../keys/address';
import { findOwnAccount } from '../../keys/ownership';
import { AddressStruct } from '../../methods/structs';
import { tokenBalances } from '../../node/erc20';
import { typedAmountExample, typedUnits, unitsText } from '../../prices/money';
import { toHex } from '../../protocol/values';
import { hiddenFromNode } from '../../state/networks';
import type { TokenRecord } from '../../state/schema';
import { checkBuilt, checkQuote, minimumReceived } from '../../swap/checkBuilt';
import type { SwapAsk } from '../../swap/checkBuilt';
import type { SwapClient, SwapQuote } from '../../swap/client';
import { exchangeOf } from '../../swap/exchange';
import { confirmNodeSeesAccounts } from '../../ui/dialogs';
import { requestView } from '../../wallet/access';
import type { WalletContext } from '../../wallet/context';
import { sendWithPaymaster } from '../../wallet/paymasterTransaction';
import { sendTransaction } from '../../wallet/transaction';
import { field, text } from '../home/formFields';
import type { FormValues } from '../home/formFields';
import { feeChoiceOf } from '../home/paymasterActions';
import { HOME_PAYMASTER } from '../home/views/paymaster';

/**
 * The Swap view's two actions: a quote for what the form asks (checked,
 * then kept in the page's context to show), and the swap of a quoted
 * draft: a fresh quote (the one shown may have expired), its calls built
 * by the API and checked against what was asked (src/swap/checkBuilt.ts),
 * then the wallet's confirmation and sender, as Send's. Every refusal names
 * the form's field and changes nothing.
 */

/** A u256: the most a token amount can be. */
const U256_BOUND = 2n ** 256n;

/** What a swap needs of the network, found or refused. */
type SwapNetwork = { exchange: string; api: SwapClient };

/**
 * The network's exchange and swap API, or a refusal.
 *
 * @param context - The user's context.
 * @param network - The network the view was drawn for.
 * @returns Both.
 */
function swapNetwork(context: WalletContext, network: Network): SwapNetwork {
  const exchange = exchangeOf(network);
  const api = context.swapApi(network);
  if (!exchange || !api) {
    throw new InvalidInputError(
      'Network',
      `${network.name} has no swap: AVNU's exchange serves Mainnet and Testnet only`,
    );
  }
  return { exchange, api };
}

/**
 * A tracked token of the network, or a refusal naming the field.
 *
 * @param tokens - The network's tracked tokens.
 * @param address - The chosen token.
 * @param label - The field.
 * @returns The token.
 */
function tokenOf(
  tokens: TokenRecord[],
  address: string,
  label: string,
): TokenRecord {
  const token = tokens.find((each) => each.address === address);
  if (!token) {
    throw new InvalidInputError(label, 'pick a token this network knows');
  }
  return token;
}

/**
 * The slippage typed in percent, in basis points, within the view's bounds.
 *
 * @param typed - What the user typed ('' for the default).
 * @returns Basis points.
 */
export function slippageOf(typed: string): number {
  if (typed.trim() === '') {
    return DEFAULT_SLIPPAGE_BPS;
  }
  const bps = typedUnits(typed.trim(), 2, 'en');
  if (
    bps === undefined ||
    bps < BigInt(MIN_SLIPPAGE_BPS) ||
    bps > BigInt(MAX_SLIPPAGE_BPS)
  ) {
    throw new InvalidInputError(
      'Slippage',
      `give a percentage from ${MIN_SLIPPAGE_BPS / 100} to ${MAX_SLIPPAGE_BPS / 100} (e.g. 0.5)`,
    );
  }
  return Number(bps);
}

/**
 * Refuses selling more than the account holds (its pre-confirmed balance).
 *
 * @param context - The user's context.
 * @param network - The network.
 * @param token - The token sold.
 * @param owner - The account.
 * @param amount - What it sells.
 */
async function assertHeld(
  context: WalletContext,
  network: Network,
  token: TokenRecord,
  owner: string,
  amount: bigint,
): Promise<void> {
  const { pending } = await tokenBalances(
    context.node(network),
    token.address,
    owner,
  );
  if (amount > pending) {
    const { locale } = await context.preferences();
    throw new InvalidInputError(
      'Amount',
      `this account holds ${unitsText(pending, token.decimals, locale)} ${token.symbol}, less than the ${unitsText(amount, token.decimals, locale)} to sell`,
    );
  }
}

/**
 * What the view shows of a quote.
 *
 * @param quote - The quote.
 * @param slippageBps - The draft's slippage.
 * @returns The part of the draft.
 */
function shownOf(quote: SwapQuote, slippageBps: number): QuoteShown {
  return {
    buyAmount: toHex(quote.buyAmount),
    minimum: toHex(minimumReceived(quote.buyAmount, slippageBps)),
    avnuFees: toHex(quote.avnuFees),
    avnuFeesBps: toHex(quote.avnuFeesBps),
    feeToken: quote.feeToken,
    gasFees: toHex(quote.gasFees),
    priceImpactBps: quote.priceImpactBps,
    sources: [...new Set(quote.sources.map(({ name }) => name))].join(', '),
    ...(quote.expiresAt === undefined ? {} : { expiresAt: quote.expiresAt }),
    readAt: Date.now(),
  };
}

/**
 * A quote for what the swap form asks, checked, as the draft to show.
 *
 * @param context - The user's context.
 * @param network - The network the view was drawn for.
 * @param values - The form.
 * @returns The draft.
 */
export async function quoteSwap(
  context: WalletContext,
  network: Network,
  values: FormValues,
): Promise<SwapDraft> {
  const state = await context.state();
  const tokens = state.tokens.filter(
    ({ chainId }) => chainId === network.chainId,
  );
  const from = field('From', text(values, SWAP.from), AddressStruct);
  const sell = tokenOf(tokens, text(values, SWAP.sell), 'Sell');
  const buy = tokenOf(tokens, text(values, SWAP.buy), 'Buy');
  if (sell.address === buy.address) {
    throw new InvalidInputError('Buy', 'pick another token than the one sold');
  }
  const { locale } = await context.preferences();
  const amount = typedUnits(text(values, SWAP.amount), sell.decimals, locale);
  if (amount === undefined || amount === 0n || amount >= U256_BOUND) {
    throw new InvalidInputError(
      'Amount',
      `enter a positive number of ${sell.symbol} with at most ${sell.decimals} decimals (e.g. ${typedAmountExample(locale)})`,
    );
  }
  const slippageBps = slippageOf(text(values, SWAP.slippage));
  const { exchange, api } = swapNetwork(context, network);
  const ask = askOf(network, exchange, from, sell, buy, amount, slippageBps);
  const [quote] = await Promise.all([
    checkedQuote(api, ask),
    assertHeld(context, network, sell, ask.taker, amount),
  ]);
  return {
    from: ask.taker,
    sell: sell.address,
    buy: buy.address,
    amount: toHex(amount),
    slippageBps,
    fee: text(values, HOME_PAYMASTER.fee) || HOME_PAYMASTER.strk,
    quote: shownOf(quote, slippageBps),
  };
}

/**
 * The API's best quote for an ask, checked against it (./checkBuilt.ts).
 *
 * @param api - The network's swap API.
 * @param ask - What the wallet asks.
 * @returns The quote.
 */
async function checkedQuote(api: SwapClient, ask: SwapAsk): Promise<SwapQuote> {
  const quote = await api.quote({
    sellToken: ask.sellToken,
    buyToken: ask.buyToken,
    sellAmount: ask.sellAmount,
    taker: ask.taker,
  });
  checkQuote(api.host, quote, ask);
  return quote;
}

/**
 * What the wallet asks the API, as the checks read it.
 *
 * @param network - The network.
 * @param exchange - Its exchange.
 * @param from - The account.
 * @param sell - The token sold.
 * @param buy - The token bought.
 * @param amount - What is sold.
 * @param slippageBps - The slippage.
 * @returns The ask.
 */
function askOf(
  network: Network,
  exchange: string,
  from: string,
  sell: TokenRecord,
  buy: TokenRecord,
  amount: bigint,
  slippageBps: number,
): SwapAsk {
  return {
    chainId: network.chainId,
    exchange,
    taker: normaliseAddress(from),
    sellToken: sell.address,
    buyToken: buy.address,
    sellAmount: amount,
    slippageBps,
    now: Date.now(),
  };
}

/**
 * Swaps a quoted draft: a fresh quote, its calls built and checked, then
 * the confirmation (in STRK, or through the paymaster in the draft's fee
 * token) and the send.
 *
 * @param context - The user's context.
 * @param network - The network the view was drawn for.
 * @param draft - The draft the view shows.
 * @returns The transaction's hash.
 */
export async function swapDraft(
  context: WalletContext,
  network: Network,
  draft: SwapDraft,
): Promise<string> {
  const state = await context.state();
  const tokens = state.tokens.filter(
    ({ chainId }) => chainId === network.chainId,
  );
  const sell = tokenOf(tokens, draft.sell, 'Sell');
  const buy = tokenOf(tokens, draft.buy, 'Buy');
  const amount = BigInt(draft.amount);
  const slippageBps = slippageOf(String(draft.slippageBps / 100));
  const { exchange, api } = swapNetwork(context, network);
  const ask = askOf(
    network,
    exchange,
    draft.from,
    sell,
    buy,
    amount,
    slippageBps,
  );
  const account = await findOwnAccount(
    context.keys,
    ask.taker,
    state.accounts.filter(({ chainId }) => chainId === network.chainId),
    'From',
  );
  // The balance was checked when the draft was quoted; the sender's
  // simulation checks it again, in its own round trip.
  const quote = await checkedQuote(api, ask);
  const built = await api.build(quote.id, ask.taker, slippageBps);
  const calls = checkBuilt(api.host, built, quote, { ...ask, now: Date.now() });
  if (hiddenFromNode(state, network, [ask.taker]).length > 0) {
    await confirmNodeSeesAccounts({
      request: await requestView(context, network, ask.taker),
      title: 'Swap from this account',
      accounts: `this account (${ask.taker})`,
    });
  }
  const choice = feeChoiceOf({ [HOME_PAYMASTER.fee]: draft.fee });
  if (choice) {
    return sendWithPaymaster({
      context,
      network,
      account,
      calls,
      choice,
      field: 'Fee',
    });
  }
  const { hashes } = await sendTransaction({
    context,
    network,
    account,
    intent: { type: 'INVOKE', calls },
    details: {},
    field: 'details',
  });
  return hashes[hashes.length - 1] ?? '';
}
