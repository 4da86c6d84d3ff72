import { UserInputEventType } from '@metamask/snaps-sdk';
import type { UserInputEvent } from '@metamask/snaps-sdk';

import { SWAP } from './model';
import type { SwapDraft } from './model';
import { quoteSwap, swapDraft } from './swap';
import type { RequestScope } from '../../requestScope';
import { readState } from '../../state/store';
import { HOME_ORIGIN, walletContext } from '../../wallet/context';
import { signOnce } from '../home/signingForm';
import type { HomeNotice, HomePlace } from '../home/views/model';

/**
 * The Swap view's events: "Get quote" (the form) leaves a draft in the
 * page's context; "Swap" sends the draft once, on the network the view was
 * drawn for (../home/signingForm.ts), and clears it.
 */

/** What an event of the view led to: the notice, and the draft to show. */
export type SwapOutcome = { notice: HomeNotice; swap: SwapDraft | undefined };

/**
 * Whether an event is the Swap view's.
 *
 * @param event - The event.
 * @returns Whether swapAction serves it.
 */
export function isSwapEvent(event: UserInputEvent): boolean {
  return (
    (event.type === UserInputEventType.FormSubmitEvent &&
      event.name === SWAP.form) ||
    (event.type === UserInputEventType.ButtonClickEvent &&
      event.name === SWAP.go)
  );
}

/**
 * Serves an event of the Swap view.
 *
 * @param id - The page's interface.
 * @param event - The event (see isSwapEvent).
 * @param place - Where the user is.
 * @param scope - The event's request.
 * @returns What happened, and the draft to show.
 */
export async function swapAction(
  id: string,
  event: UserInputEvent,
  place: HomePlace,
  scope: RequestScope,
): Promise<SwapOutcome> {
  const context = walletContext(HOME_ORIGIN, scope);
  if (event.type === UserInputEventType.FormSubmitEvent) {
    const state = await readState();
    const network = state.networks.find(
      ({ chainId }) => chainId === state.currentChainId,
    );
    if (!network || network.chainId !== place.chainId) {
      return {
        notice: {
          severity: 'warning',
          text: 'The network changed since this view was drawn: it is shown again, check it and ask again.',
        },
        swap: undefined,
      };
    }
    const values = typeof event.value === 'object' ? { ...event.value } : {};
    const draft = await quoteSwap(context, network, values);
    return { notice: undefined, swap: draft };
  }
  const { swap } = place;
  if (!swap) {
    return {
      notice: { severity: 'warning', text: 'Get a quote first.' },
      swap: undefined,
    };
  }
  const notice = await signOnce(id, place, async (network) => {
    const hash = await swapDraft(context, network, swap);
    return { severity: 'info', text: `Swap sent. Transaction ${hash}` };
  });
  return { notice, swap: notice?.severity === 'info' ? undefined : swap };
}
