import { validate } from 'superstruct';

import type { HomeNotice } from './readHome';
import { HOME_PAYMASTER } from './views/paymaster';
import { InvalidInputError } from '../../errors';
import { RpcUrlStruct } from '../../methods/structs';
import type { RequestScope } from '../../requestScope';
import { FAR_ABOVE_FACTOR } from '../../sender/fees';
import { setNetworkPaymaster } from '../../state/networks';
import { readState } from '../../state/store';
import { HOME_ORIGIN, walletContext } from '../../wallet/context';
import * as networks from '../../wallet/networks';
import type { PaymasterChoice } from '../../wallet/paymasterTransaction';

/**
 * What the page's paymaster parts do: the send form's fee choice, and
 * changing a network's paymaster (the same availability check and dialog
 * wherever it is asked).
 */

/**
 * The send form's fee choice: STRK from the account, or a token through the
 * network's paymaster.
 *
 * @param values - The send form's values.
 * @returns The paymaster choice, or undefined for STRK.
 */
export function feeChoiceOf(
  values: Record<string, unknown>,
): PaymasterChoice | undefined {
  const fee = values[HOME_PAYMASTER.fee];
  return typeof fee === 'string' && fee !== '' && fee !== HOME_PAYMASTER.strk
    ? {
        feeMode: { mode: 'default', gasToken: fee },
        // No site sets a cap here: the page caps the fee itself, from the
        // paymaster's own estimate (src/paymaster/feeBound.ts).
        feeCapFactor: FAR_ABOVE_FACTOR,
      }
    : undefined;
}

/**
 * Serves the paymaster parts' events; undefined when the event is not theirs.
 *
 * @param name - The event's element name.
 * @param values - The form's values, for a form.
 * @param scope - The event's request.
 * @returns What happened, or undefined.
 */
export async function paymasterAction(
  name: string,
  values: Record<string, unknown> | undefined,
  scope: RequestScope,
): Promise<HomeNotice | undefined> {
  if (name.startsWith(HOME_PAYMASTER.defaultPaymaster)) {
    await setNetworkPaymaster(
      name.slice(HOME_PAYMASTER.defaultPaymaster.length),
      undefined,
    );
    return { severity: 'info', text: 'Back to the default paymaster.' };
  }
  if (!name.startsWith(HOME_PAYMASTER.setPaymaster) || !values) {
    return undefined;
  }
  const chainId = name.slice(HOME_PAYMASTER.setPaymaster.length);
  const network = (await readState()).networks.find(
    (candidate) => candidate.chainId === chainId,
  );
  if (!network) {
    return { severity: 'warning', text: 'That network is no longer here.' };
  }
  const given = values[`${name}:url`];
  const [error, url] = validate(
    typeof given === 'string' ? given.trim() : '',
    RpcUrlStruct,
    { coerce: true },
  );
  if (error || url === undefined) {
    throw new InvalidInputError(
      'Paymaster URL',
      error?.message ?? 'is not valid',
    );
  }
  if (
    !(await networks.changePaymaster(
      walletContext(HOME_ORIGIN, scope),
      network,
      url,
    ))
  ) {
    return {
      severity: 'info',
      text: 'Cancelled: the paymaster was not changed.',
    };
  }
  return {
    severity: 'info',
    text: `${network.name} now uses the paymaster ${url}.`,
  };
}
