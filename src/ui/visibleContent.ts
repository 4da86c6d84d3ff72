import type { JSXElement } from '@metamask/snaps-sdk/jsx';

import { isElement, shapedForMetaMask } from './metaMaskShape';
import { visible } from '../text';

/**
 * The last step before anything reaches MetaMask's screen: every text the
 * snap shows — a site's typed data, a token's name, a node's revert reason,
 * an ABI's labels, and the snap's own words — passes through `visible`, so
 * no string can hide characters or reverse how the rest reads. One rule at
 * the one exit (dialogs and the home page) holds for every path, present
 * and future.
 */

/** Props that carry text for a person, besides `children`. */
const TEXT_PROPS = new Set(['label', 'title', 'alt', 'placeholder']);

/** Elements whose `value` prop is shown as text (not an identifier). */
const VALUE_SHOWN = new Set(['Copyable']);

/**
 * A child (or prop) with its text made visible, recursively.
 *
 * @param node - A string, an element, a list of them, or anything else.
 * @returns The same shape with every string made visible.
 */
function visibleNode(node: unknown): unknown {
  if (typeof node === 'string') {
    return visible(node);
  }
  if (Array.isArray(node)) {
    return node.map(visibleNode);
  }
  if (typeof node !== 'object' || node === null) {
    return node;
  }
  const element = new Map(Object.entries(node));
  const type = element.get('type');
  const props = element.get('props');
  if (typeof type !== 'string' || typeof props !== 'object' || props === null) {
    return node;
  }
  const shownProps = Object.fromEntries(
    Object.entries(props).map(([name, value]) => {
      const shown =
        name === 'children' ||
        TEXT_PROPS.has(name) ||
        (name === 'value' && VALUE_SHOWN.has(type));
      return [name, shown ? visibleNode(value) : value];
    }),
  );
  return { ...node, props: shownProps };
}

/**
 * Content as the user will read it: every text made visible; and in the
 * shape MetaMask checks quickly, drawn the same (metaMaskShape.ts).
 *
 * @param content - What a dialog or the home page shows.
 * @returns The same content, every string passed through `visible`.
 */
export function visibleContent(content: JSXElement): JSXElement {
  const shown = shapedForMetaMask(visibleNode(content));
  if (!isShownElement(shown)) {
    throw new Error('Content to show is not a snap UI element');
  }
  return shown;
}

/**
 * Whether what visibleNode returned is a snap UI element. It keeps every
 * element's type, props and key and replaces strings with strings, so what
 * it returns for an element is one: an element's shape with its key.
 *
 * @param value - What visibleNode returned.
 * @returns Whether it is an element.
 */
function isShownElement(value: unknown): value is JSXElement {
  return isElement(value) && Object.hasOwn(value, 'key');
}
