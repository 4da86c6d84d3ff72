/**
 * Content in the shape MetaMask checks quickly, drawn the same.
 *
 * MetaMask checks every snap UI it is handed (`snap_createInterface`,
 * `snap_updateInterface`, `snap_dialog`) against snaps-sdk's structs, with
 * coercion, on its own thread, before it can be shown. Two things make that
 * slow (snaps-sdk 11, measured 2026-11-28):
 * - An optional prop whose allowed values are a list of words is tried
 *   against each word even when absent, and each miss builds an error with
 *   its stack (`optional(nullUnion([literal…]))`); a null `key` likewise
 *   misses both its types. A 57-element signing dialog met 614 misses:
 *   13–27 ms of MetaMask's time, most of what a signMessage took to open.
 * - Every element is checked prop by prop: a Box, whose `crossAlignment`
 *   must stay absent (below), costs about twice a Text.
 *
 * So, with what is drawn unchanged (read in the extension's renderer,
 * `snap-ui-renderer/components` box.ts, section.ts, text.ts, row.ts,
 * ConfirmInfoRow and index.scss, on 2026-11-28):
 * - Each element gets a key from its place.
 * - Props are stated at the value drawn when they are absent: Box and
 *   Section `direction` vertical and `alignment` start; Text `size` md and
 *   `fontWeight` regular, and, where it would inherit the default colour
 *   and the start alignment anyway (a child of a Box, a Section, a Container
 *   or a plain Row), `color` default and `alignment` start; Row `variant`
 *   default. A prop the builder set is kept. `crossAlignment` stays absent:
 *   absent, the renderer stretches the children, which no stated value does.
 * - A plain Box (a column packed at its start, children stretched) inside a
 *   Section, or inside another plain Box that is not the root, gives its
 *   children to its parent: all three lay their children out in a column
 *   8 px apart (the Section's `gap: 2`, `.snap-ui-renderer__panel`'s
 *   `gap: 8px`), with no padding of a Box's own. The root is 16 px apart
 *   (`__container > :first-child`), so its children keep their Boxes.
 */

type Props = Record<string, unknown>;

/** An element as the SDK's JSX builds it. */
type Element = { type: string; props: Props; key: unknown };

/** What each element type draws for its absent props, wherever it is. */
const DEFAULTS: Readonly<Record<string, Props>> = {
  Box: { direction: 'vertical', alignment: 'start' },
  Section: { direction: 'vertical', alignment: 'start' },
  Text: { size: 'md', fontWeight: 'regular' },
  Row: { variant: 'default' },
};

/** What a Text draws for its absent colour and alignment, in a plain parent. */
const INHERITED_TEXT: Props = { color: 'default', alignment: 'start' };

/** Where an element sits. */
type Place = {
  parent: Element | undefined;
  /** Whether the parent is the content's root (or a root Container's child). */
  parentIsRoot: boolean;
  key: string;
};

/**
 * Whether a value has an element's shape (a type and props), without the
 * SDK's full validation of every component (which would bring a date
 * library into the bundle for nothing).
 *
 * @param value - Anything.
 * @returns Whether it has an element's type and props.
 */
export function isElement(value: unknown): value is Element {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return false;
  }
  const entries = new Map(Object.entries(value));
  const props = entries.get('props');
  return (
    typeof entries.get('type') === 'string' &&
    typeof props === 'object' &&
    props !== null
  );
}

/**
 * Whether a Box or Section lays its children out as a plain column: packed
 * at its start, stretched across.
 *
 * @param element - The element.
 * @returns Whether it does.
 */
function plainColumn(element: Element): boolean {
  const { direction, alignment, crossAlignment, center } = element.props;
  return (
    (direction === undefined || direction === 'vertical') &&
    (alignment === undefined || alignment === 'start') &&
    crossAlignment === undefined &&
    (center === undefined || center === false)
  );
}

/**
 * Whether a Text child of this parent inherits the default colour and the
 * start alignment.
 *
 * @param parent - Its parent.
 * @returns Whether it does.
 */
function inheritsPlainText(parent: Element | undefined): boolean {
  if (parent === undefined) {
    return false;
  }
  if (parent.type === 'Row') {
    const { variant } = parent.props;
    return variant === undefined || variant === 'default';
  }
  return ['Box', 'Section', 'Container'].includes(parent.type);
}

/**
 * Whether an element draws anything: an element, a text, or a list holding
 * one (null and booleans draw nothing).
 *
 * @param value - A child.
 * @returns Whether it is drawn.
 */
function drawsSomething(value: unknown): boolean {
  if (Array.isArray(value)) {
    return value.some(drawsSomething);
  }
  return value !== null && value !== undefined && typeof value !== 'boolean';
}

/**
 * Whether an element's children can stand in its place (see above). An
 * empty Box still takes a gap, so it stays.
 *
 * @param element - A child.
 * @param place - Where it sits.
 * @returns Whether it dissolves into its parent.
 */
function dissolves(element: Element, place: Place): boolean {
  const { parent } = place;
  if (
    element.type !== 'Box' ||
    !plainColumn(element) ||
    !drawsSomething(element.props.children) ||
    parent === undefined ||
    !plainColumn(parent)
  ) {
    return false;
  }
  return (
    parent.type === 'Section' || (parent.type === 'Box' && !place.parentIsRoot)
  );
}

/**
 * An element's props with the values drawn for the absent ones stated.
 *
 * @param element - The element.
 * @param parent - Its parent, if any.
 * @returns The props.
 */
function statedProps(element: Element, parent: Element | undefined): Props {
  const stated: Props = {
    ...DEFAULTS[element.type],
    ...(element.type === 'Text' && inheritsPlainText(parent)
      ? INHERITED_TEXT
      : {}),
  };
  for (const [name, value] of Object.entries(element.props)) {
    if (value !== undefined || !(name in stated)) {
      stated[name] = value;
    }
  }
  return stated;
}

/**
 * A prop's value (children, or an element-valued prop) shaped: the
 * elements in it shaped, dissolving Boxes spliced in.
 *
 * @param value - The value.
 * @param place - Where it sits.
 * @returns The shaped value.
 */
function shapeValue(value: unknown, place: Place): unknown {
  if (Array.isArray(value)) {
    return value.flatMap((item, index) => {
      const shaped = shapeValue(item, {
        ...place,
        key: `${place.key}.${index}`,
      });
      // An element shapes to a list only when it is a Box that dissolved:
      // its children take its place.
      return Array.isArray(shaped) && !Array.isArray(item) ? shaped : [shaped];
    });
  }
  if (!isElement(value)) {
    return value;
  }
  if (dissolves(value, place)) {
    // Its children, as its parent's: they sit where it sat.
    const children = shapeValue(value.props.children, place);
    return Array.isArray(children) ? children : [children];
  }
  return shapeElement(value, place);
}

/**
 * An element shaped (see above).
 *
 * @param element - The element.
 * @param place - Where it sits.
 * @returns The shaped element.
 */
function shapeElement(element: Element, place: Place): Element {
  const props = statedProps(element, place.parent);
  const inside: Place = {
    parent: { ...element, props },
    parentIsRoot:
      place.parent === undefined ||
      (place.parentIsRoot && place.parent.type === 'Container'),
    key: place.key,
  };
  const shapedProps = Object.fromEntries(
    Object.entries(props).map(([name, value]) => [
      name,
      typeof value === 'object' && value !== null
        ? shapeValue(value, { ...inside, key: `${place.key}/${name}` })
        : value,
    ]),
  );
  const { key } = element;
  return {
    ...element,
    props: shapedProps,
    key: typeof key === 'string' || typeof key === 'number' ? key : place.key,
  };
}

/**
 * Content as MetaMask checks it quickly, drawn the same (see above).
 *
 * @param content - The content: an element (anything else is kept as is).
 * @returns The same content, keyed, its drawn defaults stated and its plain
 * nested Boxes dissolved.
 */
export function shapedForMetaMask(content: unknown): unknown {
  return isElement(content)
    ? shapeElement(content, {
        parent: undefined,
        parentIsRoot: false,
        key: 'k',
      })
    : content;
}
