import { amountOf, ownAccount, textOf } from './forms';
import type { Scene } from './forms';
import { STAKE } from './model';
import type { StakingCall } from './send';
import { InvalidInputError } from '../../errors';
import {
  claimWithdrawalCall,
  liquidStakeCalls,
  liquidStakingOf,
  liquidUnstakeCall,
} from '../../staking/vault';

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
export function liquidCalls(
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
