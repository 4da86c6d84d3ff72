import { fromVisible } from '../../src/text';

/**
 * Test code: walks a dialog as the user sees it (after visibleContent) —
 * its elements, texts, props, titled sections, the signer it names and the
 * revision it states — for the readers that turn a dialog back into what
 * it says is signed.
 */

/** A shown element: a type and its props. */
export type Shown = { type: string; props: Record<string, unknown> };

/**
 * Whether a value is a shown element.
 *
 * @param value - Anything.
 * @returns Whether it is an element.
 */
export function isShown(value: unknown): value is Shown {
  return (
    typeof value === 'object' &&
    value !== null &&
    'type' in value &&
    typeof value.type === 'string' &&
    'props' in value &&
    typeof value.props === 'object' &&
    value.props !== null
  );
}

/**
 * An element's children, flattened, without nulls.
 *
 * @param element - The element.
 * @returns Its child elements and texts.
 */
export function childrenOf(element: Shown): unknown[] {
  const flat = (value: unknown): unknown[] => {
    if (Array.isArray(value)) {
      return value.flatMap(flat);
    }
    return value === null || value === undefined || value === false
      ? []
      : [value];
  };
  return flat(element.props.children);
}

/**
 * The child elements of an element.
 *
 * @param element - The element.
 * @returns Its children that are elements.
 */
export function elementsOf(element: Shown): Shown[] {
  return childrenOf(element).filter(isShown);
}

/**
 * The child elements of a Section or Box as drawn: a plain Box inside one
 * draws its children in its place (metaMaskShape dissolves such Boxes
 * before MetaMask sees them), so both forms read the same.
 *
 * @param element - The Section or Box.
 * @returns Its child elements, nested Boxes' children in their place.
 */
export function drawnElementsOf(element: Shown): Shown[] {
  return elementsOf(element).flatMap((child) =>
    child.type === 'Box' ? drawnElementsOf(child) : [child],
  );
}

/**
 * The text an element shows, read back from its visible form.
 *
 * @param element - A Text (or Heading) element.
 * @returns The text.
 */
export function textOf(element: Shown | undefined): string {
  if (!element) {
    throw new Error('Expected a text, found nothing');
  }
  return fromVisible(
    childrenOf(element)
      .map((child) => (typeof child === 'string' ? child : ''))
      .join(''),
  );
}

/**
 * A prop read back from its visible form.
 *
 * @param element - The element.
 * @param name - The prop.
 * @returns Its text.
 */
export function propText(element: Shown, name: string): string {
  const value = element.props[name];
  if (typeof value !== 'string') {
    throw new Error(`Expected ${element.type}.${name} to be text`);
  }
  return fromVisible(value);
}

/**
 * Every element of a tree, depth first.
 *
 * @param element - The root.
 * @returns The elements.
 */
export function allElements(element: Shown): Shown[] {
  return [element, ...elementsOf(element).flatMap(allElements)];
}

/**
 * The top-level sections of a dialog, by the first words of their title.
 *
 * @param root - The dialog.
 * @param title - The title's start.
 * @returns The sections.
 */
export function sectionsTitled(root: Shown, title: string): Shown[] {
  return elementsOf(root).filter((child) => {
    const [first] = elementsOf(child);
    return (
      child.type === 'Section' &&
      first?.type === 'Text' &&
      textOf(first).startsWith(title)
    );
  });
}

/**
 * The one section whose title starts so.
 *
 * @param root - The dialog.
 * @param title - The title's start.
 * @returns The section.
 */
export function sectionTitled(root: Shown, title: string): Shown {
  const [section, ...others] = sectionsTitled(root, title);
  if (!section || others.length > 0) {
    throw new Error(`Expected one section "${title}…"`);
  }
  return section;
}

/**
 * The signer the dialog names: the header's copyable address.
 *
 * @param root - The dialog.
 * @returns The address.
 */
export function signerOf(root: Shown): string {
  const [copyable] = allElements(root).filter(
    ({ type }) => type === 'Copyable',
  );
  if (!copyable) {
    throw new Error('The dialog names no signer');
  }
  return propText(copyable, 'value');
}

/**
 * The revision a domain section's title states.
 *
 * @param domain - The domain section.
 * @returns The revision.
 */
export function revisionOf(domain: Shown): '0' | '1' {
  const revision = /revision (?<revision>[01])\)$/u.exec(
    textOf(elementsOf(domain)[0]),
  )?.groups?.revision;
  if (revision !== '0' && revision !== '1') {
    throw new Error('The domain states no revision');
  }
  return revision;
}
