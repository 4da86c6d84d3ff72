/* eslint-disable no-restricted-globals -- browser code: the DOM is its environment */
// What the page tells a visitor whose browser cannot reach the snap.
import { byId } from './dom';

/**
 * Why the snap cannot be reached: no MetaMask answered; a MetaMask that is
 * not Flask (it refuses snaps served from this computer); a wallet with no
 * snap methods at all.
 */
export type GuideCase = 'missing' | 'not-flask' | 'no-snaps';

/**
 * Shows the guide for a case (the snap id filled in), or hides it.
 *
 * @param which - The case, or undefined to hide the guide.
 * @param snapId - The snap the page uses.
 */
export function showGuide(which: GuideCase | undefined, snapId: string): void {
  const guide = byId('guide', HTMLElement);
  guide.hidden = which === undefined;
  guide.querySelectorAll<HTMLElement>('[data-guide]').forEach((part) => {
    part.hidden = part.dataset.guide !== which;
  });
  guide.querySelectorAll('[data-snap-id]').forEach((code) => {
    code.textContent = snapId;
  });
}
