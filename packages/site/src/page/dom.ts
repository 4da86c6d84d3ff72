/* eslint-disable no-restricted-globals -- browser code: the DOM is its environment */
/**
 * An element of the page, checked to be of the expected kind.
 *
 * @param id - Its id.
 * @param kind - Its class, e.g. HTMLButtonElement.
 * @returns The element.
 */
export function byId<Kind extends HTMLElement>(
  id: string,
  kind: new () => Kind,
): Kind {
  const found = document.getElementById(id);
  if (!(found instanceof kind)) {
    throw new Error(`The page has no ${kind.name} #${id}`);
  }
  return found;
}

/**
 * A new element with text and optional class and attributes.
 *
 * @param tag - The tag name.
 * @param text - Its text.
 * @param attributes - Attributes to set (`class` included).
 * @returns The element.
 */
export function element<Tag extends keyof HTMLElementTagNameMap>(
  tag: Tag,
  text = '',
  attributes: Record<string, string> = {},
): HTMLElementTagNameMap[Tag] {
  const created = document.createElement(tag);
  created.textContent = text;
  for (const [name, value] of Object.entries(attributes)) {
    created.setAttribute(name, value);
  }
  return created;
}

/**
 * A table row of text cells.
 *
 * @param cells - Each cell: its text, or a ready element.
 * @param attributes - Attributes of the row.
 * @returns The row.
 */
export function row(
  cells: (string | HTMLElement)[],
  attributes: Record<string, string> = {},
): HTMLTableRowElement {
  const created = element('tr', '', attributes);
  for (const cell of cells) {
    const td = element('td');
    if (typeof cell === 'string') {
      td.textContent = cell;
    } else {
      td.append(cell);
    }
    created.append(td);
  }
  return created;
}

/**
 * The text value of a form's field.
 *
 * @param form - The form.
 * @param name - The field's name.
 * @returns Its value, trimmed.
 */
export function fieldValue(form: HTMLFormElement, name: string): string {
  const field = form.elements.namedItem(name);
  return field instanceof HTMLInputElement ||
    field instanceof HTMLSelectElement ||
    field instanceof HTMLTextAreaElement
    ? field.value.trim()
    : '';
}
