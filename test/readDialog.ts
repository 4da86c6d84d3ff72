import { fromVisible } from '../src/text';

/**
 * Reads a dialog's content the way a person does, for tests that prove the
 * dialog says everything a signature covers: a flat list of what is shown,
 * in order — texts, labelled rows, copyable values, headings — each text
 * read back from its visible form (see `visible`). Nothing but what the
 * user sees is read: no props that are not shown, no element names.
 */

/** One thing the user reads. */
export type ShownLine =
  | { kind: 'text' | 'copyable' | 'heading'; text: string }
  | { kind: 'row'; label: string; text: string };

/**
 * The text of a node and its children, joined.
 *
 * @param node - A string, an element or a list.
 * @returns Its text.
 */
function textIn(node: unknown): string {
  return readShown(node)
    .map((line) => line.text)
    .join('');
}

/**
 * A prop of an element, as a map lookup (elements are plain objects).
 *
 * @param node - The element.
 * @param name - The prop.
 * @returns Its value.
 */
function prop(node: object, name: string): unknown {
  const props = new Map(Object.entries(node)).get('props');
  return typeof props === 'object' && props !== null
    ? new Map(Object.entries(props)).get(name)
    : undefined;
}

/**
 * Everything a dialog's content shows, in reading order.
 *
 * @param node - The content (an element, a list, a string).
 * @returns What is shown.
 */
export function readShown(node: unknown): ShownLine[] {
  if (typeof node === 'string') {
    return [{ kind: 'text', text: fromVisible(node) }];
  }
  if (Array.isArray(node)) {
    return node.flatMap(readShown);
  }
  if (typeof node !== 'object' || node === null) {
    return [];
  }
  const type = new Map(Object.entries(node)).get('type');
  const children = prop(node, 'children');
  switch (type) {
    case 'Text':
      return [{ kind: 'text', text: textIn(children) }];
    case 'Heading':
      return [{ kind: 'heading', text: textIn(children) }];
    case 'Copyable':
      return [
        { kind: 'copyable', text: fromVisible(String(prop(node, 'value'))) },
      ];
    case 'Row':
      return [
        {
          kind: 'row',
          label: fromVisible(String(prop(node, 'label'))),
          text: textIn(children),
        },
      ];
    case 'Banner':
      return [
        { kind: 'heading', text: fromVisible(String(prop(node, 'title'))) },
        ...readShown(children),
      ];
    default:
      return readShown(children);
  }
}
