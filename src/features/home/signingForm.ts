import type { HomeNotice, HomePlace } from './views/model';
import type { Network } from '../../config';
import { readState } from '../../state/store';

/**
 * The rule of every page form that signs (Send, an account's deployment,
 * and any later one): one send per form, on the network it was drawn for.
 *
 * A form is one drawing of a view (the interface's context holds its id and
 * the network it was drawn on, see views/page.tsx). MetaMask delivers the
 * page's events concurrently: a second press can arrive while the first
 * still waits for its confirmation. So the mark lives in this module, set
 * before the first await: a second press of a form being signed, or of a
 * form already sent, is answered and nothing else is built. The marks do
 * not survive a restart of the snap, and need not: a snap is not stopped
 * while its confirmation is open, and a sent form is drawn again under a new
 * id with its fields empty (formAfter), which the interface's context and
 * state keep across a restart.
 */

/** Sent forms remembered per process, the oldest forgotten first. */
const REMEMBERED = 64;

/** Forms whose confirmation is open or whose transaction is on its way. */
const inFlight = new Set<string>();

/** Forms sent, with what their sending said. */
const sent = new Map<string, string>();

/**
 * A form's key: the page's interface and the drawing of its forms.
 *
 * @param id - The page's interface.
 * @param place - The interface's context when the user pressed.
 * @returns The key.
 */
function formKey(id: string, place: HomePlace): string {
  return `${id}:${place.form ?? ''}`;
}

/**
 * Signs and sends what a page form asks, at most once per form, and only on
 * the network the form was drawn for: a second press while the first is
 * confirmed (or after it was sent) is answered, and a form drawn on a
 * network that is no longer the current one is refused; in neither case is
 * anything built. A form counts as sent when its action's notice is 'info'
 * (the page's "Done"); a refusal, a failure or a cancel leaves it to send.
 *
 * @param id - The page's interface.
 * @param place - The interface's context when the user pressed.
 * @param sign - The form's action, on the network it was drawn for.
 * @returns What happened, to show.
 */
export async function signOnce(
  id: string,
  place: HomePlace,
  sign: (network: Network) => Promise<HomeNotice>,
): Promise<HomeNotice> {
  const key = formKey(id, place);
  const done = sent.get(key);
  if (done !== undefined) {
    return {
      severity: 'warning',
      text: `Already sent: ${done.replace(/\.?$/u, '.')} Nothing else was sent.`,
    };
  }
  if (inFlight.has(key)) {
    return {
      severity: 'warning',
      text: 'Already on its way: answer the confirmation that is open. Nothing else was sent.',
    };
  }
  inFlight.add(key);
  try {
    const state = await readState();
    const current = state.networks.find(
      ({ chainId }) => chainId === state.currentChainId,
    );
    if (!current) {
      return {
        severity: 'warning',
        text: 'The current network is no longer here.',
      };
    }
    if (place.chainId !== current.chainId) {
      const drawn =
        state.networks.find(({ chainId }) => chainId === place.chainId)?.name ??
        place.chainId ??
        'another network';
      return {
        severity: 'warning',
        text: `Nothing was sent: this page was drawn for ${drawn}, and the wallet is now on ${current.name}. It is shown again on ${current.name}: check it and try again.`,
      };
    }
    const notice = await sign(current);
    if (notice?.severity === 'info') {
      sent.set(key, notice.text);
      for (const old of sent.keys()) {
        if (sent.size <= REMEMBERED) {
          break;
        }
        sent.delete(old);
      }
    }
    return notice;
  } finally {
    inFlight.delete(key);
  }
}

/**
 * Where the page goes after an event: a view whose form was sent is drawn
 * as a new form (a new id, its fields empty), so that what was sent cannot
 * be sent again from it.
 *
 * @param id - The page's interface.
 * @param pressed - The interface's context when the user acted.
 * @param next - Where the event leads.
 * @returns The place to draw.
 */
export function formAfter(
  id: string,
  pressed: HomePlace,
  next: HomePlace,
): HomePlace {
  if (!sent.has(formKey(id, pressed))) {
    return next;
  }
  const { form: _sent, ...rest } = next;
  return { ...rest, emptyForms: true };
}
