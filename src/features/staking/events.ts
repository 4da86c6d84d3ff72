import { UserInputEventType } from '@metamask/snaps-sdk';
import type { UserInputEvent } from '@metamask/snaps-sdk';

import { amountOf, ownAccount, textOf } from './forms';
import type { Scene } from './forms';
import { liquidCalls } from './liquidEvents';
import { positionOf, STAKE } from './model';
import type { PositionKey } from './model';
import { readMembership } from './readStaking';
import { sendStakingCalls } from './send';
import type { StakingCall } from './send';
import type { Network } from '../../config';
import { InvalidInputError } from '../../errors';
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
import type { Staking } from '../../state/schema';
import { stakingOn } from '../../state/staking';
import { HOME_ORIGIN, walletContext } from '../../wallet/context';

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
