import { UserInputEventType } from '@metamask/snaps-sdk';
import type { UserInputEvent } from '@metamask/snaps-sdk';

import { positionOf, STAKE } from './model';
import type { PositionKey } from './model';
import { readMembership } from './readStaking';
import { sendStakingCalls } from './send';
import type { StakingCall } from './send';
import type { Network } from '../../config';
import { InvalidInputError } from '../../errors';
import { normaliseAddress } from '../../keys/address';
import { typedAmountExample, typedUnits } from '../../prices/money';
import type { RequestScope } from '../../requestScope';
import {
  addToPoolCalls,
  claimRewardsCall,
  enterPoolCalls,
  exitActionCall,
  exitIntentCall,
  stakingContractOf,
  switchPoolCall,
} from '../../staking/protocol';
import {
  claimWithdrawalCall,
  liquidStakeCalls,
  liquidStakingOf,
  liquidUnstakeCall,
} from '../../staking/vault';
import type { Staking, WalletState } from '../../state/schema';
import { stakingOn } from '../../state/staking';
import { HOME_ORIGIN, walletContext } from '../../wallet/context';
import type { WalletContext } from '../../wallet/context';

/**
 * The Stake view's events: stake, claim, start an exit, withdraw, move.
 * Each builds the calls of one transaction and hands them to the wallet's
 * confirmation and sender (the ones Send uses), which describe and check
 * them; this module checks only its own fields (the page holds each form
 * to one send, on the network it was drawn for).
 */

/** What an event of the view led to. */
export type StakingOutcome = {
  severity: 'info' | 'warning' | 'danger';
  text: string;
};

/** A u128: what the pools take as an amount. */
const U128_BOUND = 2n ** 128n;

/**
 * Whether an event is the Stake view's.
 *
 * @param event - The event.
 * @returns Whether stakingAction serves it.
 */
export function isStakingEvent(event: UserInputEvent): boolean {
  const name = event.name ?? '';
  return (
    (event.type === UserInputEventType.FormSubmitEvent &&
      (name === STAKE.enter ||
        name === STAKE.liquidStake ||
        name.startsWith(STAKE.exit) ||
        name.startsWith(STAKE.move) ||
        name.startsWith(STAKE.liquidExit))) ||
    (event.type === UserInputEventType.ButtonClickEvent &&
      (name.startsWith(STAKE.claim) ||
        name.startsWith(STAKE.withdraw) ||
        name.startsWith(STAKE.liquidClaim)))
  );
}

/** Where an action acts: the network, its accounts, what is known there. */
type Scene = {
  context: WalletContext;
  state: WalletState;
  network: Network;
  contract: string;
  known: Staking | undefined;
  /** MetaMask's locale: amounts are typed in it. */
  locale: string;
};

/**
 * A form's text field.
 *
 * @param values - The form's values.
 * @param key - The field.
 * @returns Its text ('' when empty or not text).
 */
function textOf(values: Record<string, unknown>, key: string): string {
  const value = values[key];
  return typeof value === 'string' ? value.trim() : '';
}

/**
 * An amount the user typed, in the pool token's smallest unit: a decimal in
 * the user's locale (see typedUnits) with at most the token's decimals,
 * below 2^128 (the pools' u128).
 *
 * @param scene - The network, and the user's locale.
 * @param field - The field.
 * @param field.typed - Its text.
 * @param field.decimals - The token's decimals.
 * @param field.label - Its label.
 * @param field.zero - Whether 0 is an answer (it cancels an exit).
 * @returns The amount.
 */
function amountOf(
  scene: Scene,
  field: { typed: string; decimals: number; label: string; zero?: boolean },
): bigint {
  const { typed, decimals, label, zero = false } = field;
  const amount = typedUnits(typed, decimals, scene.locale);
  if (
    amount === undefined ||
    amount >= U128_BOUND ||
    (!zero && amount === 0n)
  ) {
    throw new InvalidInputError(
      label,
      `enter a ${zero ? '' : 'positive '}number with at most ${decimals} decimals, without thousands separators (e.g. ${typedAmountExample(scene.locale)})`,
    );
  }
  return amount;
}

/**
 * A pool the wallet found on this network (from the staking contract's
 * announcements): the page stakes only with those.
 *
 * @param scene - The network.
 * @param pool - The pool's address.
 * @param label - The field's label.
 * @returns The pool, its validator and token.
 */
function knownPool(
  scene: Scene,
  pool: string,
  label: string,
): Staking['pools'][number] {
  const found = scene.known?.pools.find((each) => each.pool === pool);
  if (!found) {
    throw new InvalidInputError(label, 'choose a validator of the list');
  }
  return found;
}

/**
 * An account of this network, as a form names it.
 *
 * @param scene - The network.
 * @param address - The address given.
 * @param label - The field's label.
 * @returns The account's canonical address.
 */
function ownAccount(scene: Scene, address: string, label: string): string {
  const canonical = /^0x[0-9a-f]{1,64}$/iu.test(address)
    ? normaliseAddress(address)
    : '';
  const found = scene.state.accounts.some(
    (account) =>
      account.chainId === scene.network.chainId &&
      account.address === canonical,
  );
  if (!found) {
    throw new InvalidInputError(label, 'choose an account of this network');
  }
  return canonical;
}

/**
 * The token's decimals as the wallet tracks them; the pool token must be
 * tracked on this network (STRK always is) to be typed in.
 *
 * @param scene - The network.
 * @param token - The token.
 * @returns Its decimals and symbol.
 */
function tokenOf(
  scene: Scene,
  token: string,
): { decimals: number; symbol: string } {
  const tracked = scene.state.tokens.find(
    (each) => each.chainId === scene.network.chainId && each.address === token,
  );
  if (!tracked) {
    throw new InvalidInputError(
      'Validator',
      `its pool's token ${token} is not tracked on this network: add it in Tokens first`,
    );
  }
  return tracked;
}

/**
 * Stakes: approve and enter the pool, or approve and add to it for a
 * returning member (members are never deleted), as the pool says now.
 *
 * @param scene - The network.
 * @param values - The form.
 * @returns The calls.
 */
async function stake(
  scene: Scene,
  values: Record<string, unknown>,
): Promise<{ member: string; calls: StakingCall[] }> {
  const member = ownAccount(
    scene,
    textOf(values, `${STAKE.enter}:from`),
    'From',
  );
  const pool = knownPool(
    scene,
    textOf(values, `${STAKE.enter}:pool`),
    'Validator',
  );
  const token = tokenOf(scene, pool.token);
  const amount = amountOf(scene, {
    typed: textOf(values, `${STAKE.enter}:amount`),
    decimals: token.decimals,
    label: 'Amount',
  });
  const returning = await readMembership(
    scene.context,
    scene.network,
    pool.pool,
    member,
  );
  const entry = { token: pool.token, pool: pool.pool, amount };
  return {
    member,
    calls: returning
      ? addToPoolCalls({ ...entry, member })
      : enterPoolCalls({ ...entry, rewardAddress: member }),
  };
}

/**
 * What a position's event acts on, checked.
 *
 * @param scene - The network.
 * @param rest - The name after its prefix.
 * @returns The position, its pool known and its member an account here.
 */
function positionAt(
  scene: Scene,
  rest: string,
): PositionKey & { token: string } {
  const position = positionOf(rest.replace(/:[a-z]+$/u, ''));
  if (!position) {
    throw new InvalidInputError('Position', 'is not one of this page');
  }
  const member = ownAccount(scene, position.member, 'Position');
  return {
    ...position,
    member,
    token: knownPool(scene, position.pool, 'Position').token,
  };
}

/**
 * The calls of a liquid staking action (Endur's xSTRK): stake from an
 * account (approve and deposit), unstake a position's xSTRK through the
 * queue, claim a request. The wallet's confirmation reads them as any
 * site's (src/sender/liquidReads.ts), which refuses what cannot be done.
 *
 * @param scene - The scene.
 * @param name - The event's element name.
 * @param values - The form's values.
 * @returns The member and its calls, or undefined for another action.
 */
function liquidCalls(
  scene: Scene,
  name: string,
  values: Record<string, unknown>,
): { member: string; calls: StakingCall[] } | undefined {
  const contracts = liquidStakingOf(scene.network);
  if (
    contracts === undefined ||
    !(
      name === STAKE.liquidStake ||
      name.startsWith(STAKE.liquidExit) ||
      name.startsWith(STAKE.liquidClaim)
    )
  ) {
    return undefined;
  }
  if (name === STAKE.liquidStake) {
    const member = ownAccount(
      scene,
      textOf(values, `${STAKE.liquidStake}:from`),
      'From',
    );
    const amount = amountOf(scene, {
      typed: textOf(values, `${STAKE.liquidStake}:amount`),
      decimals: 18,
      label: 'Amount',
    });
    return {
      member,
      calls: liquidStakeCalls(contracts.vault, amount, member),
    };
  }
  if (name.startsWith(STAKE.liquidExit)) {
    const member = ownAccount(
      scene,
      name.slice(STAKE.liquidExit.length),
      'Unstake',
    );
    const amount = amountOf(scene, {
      typed: textOf(values, `${name}:amount`),
      decimals: 18,
      label: 'Unstake',
    });
    return {
      member,
      calls: [liquidUnstakeCall(contracts.vault, amount, member)],
    };
  }
  const [address = '', id = ''] = name
    .slice(STAKE.liquidClaim.length)
    .split(':');
  const member = ownAccount(scene, address, 'Claim');
  if (!/^\d{1,38}$/u.test(id)) {
    throw new InvalidInputError('Claim', 'is not a request of this page');
  }
  return {
    member,
    calls: [claimWithdrawalCall(contracts.queue, BigInt(id))],
  };
}

/**
 * The calls an event asks for.
 *
 * @param scene - The network.
 * @param event - The event.
 * @returns The member that signs and the calls.
 */
async function callsOf(
  scene: Scene,
  event: UserInputEvent,
): Promise<{ member: string; calls: StakingCall[] }> {
  const name = event.name ?? '';
  const values =
    event.type === UserInputEventType.FormSubmitEvent ? { ...event.value } : {};
  if (name === STAKE.enter) {
    return stake(scene, values);
  }
  const liquid = liquidCalls(scene, name, values);
  if (liquid) {
    return liquid;
  }
  if (name.startsWith(STAKE.claim)) {
    const { pool, member } = positionAt(scene, name.slice(STAKE.claim.length));
    return { member, calls: [claimRewardsCall(pool, member)] };
  }
  if (name.startsWith(STAKE.withdraw)) {
    const { pool, member } = positionAt(
      scene,
      name.slice(STAKE.withdraw.length),
    );
    return { member, calls: [exitActionCall(pool, member)] };
  }
  if (name.startsWith(STAKE.exit)) {
    const rest = name.slice(STAKE.exit.length);
    const { pool, member, token } = positionAt(scene, rest);
    const amount = amountOf(scene, {
      typed: textOf(values, `${name}:amount`),
      decimals: tokenOf(scene, token).decimals,
      label: 'Unstake',
      zero: true,
    });
    return { member, calls: [exitIntentCall(pool, amount)] };
  }
  const rest = name.slice(STAKE.move.length);
  const { pool, member, token } = positionAt(scene, rest);
  const target = knownPool(scene, textOf(values, `${name}:to`), 'Move to');
  if (target.token !== token || target.pool === pool) {
    throw new InvalidInputError(
      'Move to',
      'choose another validator of the same token',
    );
  }
  const amount = amountOf(scene, {
    typed: textOf(values, `${name}:amount`),
    decimals: tokenOf(scene, token).decimals,
    label: 'Amount',
  });
  return {
    member,
    calls: [
      switchPoolCall({
        fromPool: pool,
        toStaker: target.staker,
        toPool: target.pool,
        amount,
      }),
    ],
  };
}

/**
 * Serves an event of the Stake view on the network its form was drawn for
 * (the page holds every signing form to once per form, on that network:
 * ../home/signingForm.ts): builds the calls and hands them to the wallet's
 * confirmation.
 *
 * @param event - The event (see isStakingEvent).
 * @param network - The network the form was drawn for, still the current.
 * @param scope - The event's request.
 * @returns What happened.
 */
export async function stakingAction(
  event: UserInputEvent,
  network: Network,
  scope: RequestScope,
): Promise<StakingOutcome> {
  const context = walletContext(HOME_ORIGIN, scope);
  const state = await context.state();
  const contract = stakingContractOf(network);
  if (contract === undefined) {
    return {
      severity: 'warning',
      text: `${network.name} has no staking contract.`,
    };
  }
  const scene: Scene = {
    context,
    state,
    network,
    contract,
    known: stakingOn(state, network.chainId, contract),
    locale: (await context.preferences()).locale,
  };
  const { member, calls } = await callsOf(scene, event);
  const hash = await sendStakingCalls(context, network, member, calls);
  return { severity: 'info', text: `Sent. Transaction ${hash}` };
}
