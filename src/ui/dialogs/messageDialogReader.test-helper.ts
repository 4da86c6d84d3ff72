import type { JSXElement } from '@metamask/snaps-sdk/jsx';
import {
  OutsideExecutionTypesV1,
  OutsideExecutionTypesV2,
  TypedDataRevision,
  typedData as snip12,
} from 'starknet';
import type { TypedData } from 'starknet';

import { fromVisible } from '../../text';

/**
 * Test code: reads typed data back from a dialog as the user sees it (after
 * visibleContent), using nothing but its shown texts. If the dialog shows
 * exactly what is hashed, the typed data read back hashes to the signed
 * hash. Anything the reader cannot place is an error: the dialog must be
 * unambiguous.
 */

/** A shown element: a type and its props. */
type Shown = { type: string; props: Record<string, unknown> };

/** What a dialog says is signed. */
export type ReadBack = { data: TypedData; signer: string };

type Member = { name: string; type: string; contains?: string };

/** Revision 1's presets: read as structs, never declared. */
const PRESETS = new Set(['u256', 'TokenAmount', 'NftId']);

/** Felt-like basic types: their row shows the felt in hex first. */
const FELT_TYPES = new Set([
  'felt',
  'shortstring',
  'ContractAddress',
  'ClassHash',
  'selector',
]);

/**
 * Whether a value is a shown element.
 *
 * @param value - Anything.
 * @returns Whether it is an element.
 */
function isShown(value: unknown): value is Shown {
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
function childrenOf(element: Shown): unknown[] {
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
function elementsOf(element: Shown): Shown[] {
  return childrenOf(element).filter(isShown);
}

/**
 * The text an element shows, read back from its visible form.
 *
 * @param element - A Text (or Heading) element.
 * @returns The text.
 */
function textOf(element: Shown | undefined): string {
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
function propText(element: Shown, name: string): string {
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
function allElements(element: Shown): Shown[] {
  return [element, ...elementsOf(element).flatMap(allElements)];
}

/**
 * Splits a label `name (type)` at its last ` (`: type names hold no
 * parentheses, member names may.
 *
 * @param label - The label.
 * @returns The name and the type text.
 */
function splitLabel(label: string): { name: string; typeText: string } {
  const at = label.lastIndexOf(' (');
  if (at < 0 || !label.endsWith(')')) {
    throw new Error(`Expected a label "name (type)", got ${label}`);
  }
  return { name: label.slice(0, at), typeText: label.slice(at + 2, -1) };
}

/**
 * A member declaration from its name and shown type text.
 *
 * @param name - The member's name.
 * @param typeText - `T`, `T*`, `enum: E` or `merkletree: T`.
 * @returns The declaration.
 */
function memberOf(name: string, typeText: string): Member {
  for (const kind of ['enum', 'merkletree']) {
    if (typeText.startsWith(`${kind}: `)) {
      return { name, type: kind, contains: typeText.slice(kind.length + 2) };
    }
  }
  return { name, type: typeText };
}

/** Reads one sign-message or outside-execution dialog. */
class DialogReader {
  readonly types: Record<string, Member[]> = {};

  /** The merkle trees read, with the roots the dialog shows for them. */
  readonly shownRoots: {
    parent: string;
    key: string;
    leaves: unknown[];
    root: string;
  }[] = [];

  readonly #revision: '0' | '1';

  /**
   * @param revision - The revision the dialog states.
   */
  constructor(revision: '0' | '1') {
    this.#revision = revision;
  }

  /**
   * Records a struct's definition as shown (the same name must always show
   * the same definition).
   *
   * @param name - The struct.
   * @param members - Its members.
   */
  define(name: string, members: Member[]): void {
    if (this.#revision === '1' && PRESETS.has(name)) {
      return;
    }
    const known = this.types[name];
    if (known && JSON.stringify(known) !== JSON.stringify(members)) {
      throw new Error(`Type ${name} is shown with two definitions`);
    }
    this.types[name] = members;
  }

  /**
   * A basic value back from its shown text: the felt's hex, the number,
   * the bool or the quoted text.
   *
   * @param typeText - Its type.
   * @param shown - Its shown text.
   * @returns A value that hashes as shown.
   */
  scalar(typeText: string, shown: string): unknown {
    if (
      FELT_TYPES.has(typeText) ||
      (typeText === 'string' && this.#revision === '0')
    ) {
      const [felt] = shown.split(' ');
      if (!felt?.startsWith('0x')) {
        throw new Error(`Expected a felt in hex, got ${shown}`);
      }
      return felt;
    }
    switch (typeText) {
      case 'bool':
        return shown === 'true';
      case 'string':
        return shown.slice(1, -1);
      case 'timestamp':
        return /\((?<seconds>[0-9]+)\)$/u.exec(shown)?.groups?.seconds;
      case 'u256': {
        const value = BigInt(shown);
        return {
          low: `0x${(value % 2n ** 128n).toString(16)}`,
          high: `0x${(value / 2n ** 128n).toString(16)}`,
        };
      }
      default:
        return shown;
    }
  }

  /**
   * One field back: a row's value, or a section's struct, array, enum or
   * merkle tree.
   *
   * @param field - The row or section.
   * @param parent - The struct it is a member of (a merkle tree's root is
   * computed in its context).
   * @returns The member's declaration and value.
   */
  field(field: Shown, parent = ''): { member: Member; value: unknown } {
    if (field.type === 'Row') {
      const { name, typeText } = splitLabel(propText(field, 'label'));
      const [text] = elementsOf(field);
      return {
        member: memberOf(name, typeText),
        value: this.scalar(typeText, textOf(text)),
      };
    }
    const [title, box] = elementsOf(field);
    const { name, typeText } = splitLabel(textOf(title));
    const member = memberOf(name, typeText);
    if (!box) {
      throw new Error(`Section ${name} has no fields`);
    }
    const rows = elementsOf(box).filter((child) => child.type !== 'Text');
    if (member.type === 'enum') {
      const [variantRow, ...params] = rows;
      const variant = variantRow ? textOf(elementsOf(variantRow)[0]) : '';
      return {
        member,
        value: { [variant]: params.map((param) => this.field(param).value) },
      };
    }
    if (member.type === 'merkletree') {
      const [rootRow, ...leafRows] = rows;
      const leaves = leafRows.map((leaf) => this.field(leaf).value);
      this.shownRoots.push({
        parent,
        key: name,
        leaves,
        root: textOf(rootRow ? elementsOf(rootRow)[0] : undefined),
      });
      return { member, value: leaves };
    }
    if (typeText.endsWith('*')) {
      return { member, value: rows.map((item) => this.field(item).value) };
    }
    return { member, value: this.struct(typeText, rows) };
  }

  /**
   * A struct back from its fields, its definition recorded.
   *
   * @param name - The struct.
   * @param rows - Its fields.
   * @returns Its value.
   */
  struct(name: string, rows: Shown[]): Record<string, unknown> {
    const fields = rows.map((row) => this.field(row, name));
    this.define(
      name,
      fields.map(({ member }) => member),
    );
    return Object.fromEntries(
      fields.map(({ member, value }) => [member.name, value]),
    );
  }

  /**
   * The definitions a dialog lists for the types no value lays out.
   *
   * @param section - The definitions section.
   */
  definitions(section: Shown): void {
    const [, box] = elementsOf(section);
    for (const definition of box ? elementsOf(box) : []) {
      const [title, rows] = elementsOf(definition);
      const { name, typeText } = splitLabel(textOf(title));
      const members = (rows ? elementsOf(rows) : [])
        .filter((row) => row.type === 'Row')
        .map((row) => {
          const shownType = textOf(elementsOf(row)[0]);
          const memberName = propText(row, 'label');
          return typeText === 'enum'
            ? { name: memberName, type: shownType }
            : memberOf(memberName, shownType);
        });
      this.define(name, members);
    }
  }

  /**
   * The domain section back: its type and its values (the revision member
   * as starknet.js expects to find it).
   *
   * @param section - The domain section.
   * @returns The domain.
   */
  domain(section: Shown): Record<string, unknown> {
    const rows = elementsOf(section).filter(({ type }) => type === 'Row');
    const domainType =
      this.#revision === '1' ? 'StarknetDomain' : 'StarkNetDomain';
    const value = this.struct(domainType, rows);
    if ('revision' in value) {
      value.revision = this.#revision === '1' ? 1 : '0';
    }
    return value;
  }
}

/**
 * The top-level sections of a dialog, by the first words of their title.
 *
 * @param root - The dialog.
 * @param title - The title's start.
 * @returns The sections.
 */
function sectionsTitled(root: Shown, title: string): Shown[] {
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
function sectionTitled(root: Shown, title: string): Shown {
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
function signerOf(root: Shown): string {
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
function revisionOf(domain: Shown): '0' | '1' {
  const revision = /revision (?<revision>[01])\)$/u.exec(
    textOf(elementsOf(domain)[0]),
  )?.groups?.revision;
  if (revision !== '0' && revision !== '1') {
    throw new Error('The domain states no revision');
  }
  return revision;
}

/**
 * Checks every merkle root a dialog shows against the root starknet.js
 * computes from the leaves it shows.
 *
 * @param reader - The reader, after the whole dialog.
 * @param revision - The revision.
 */
function checkShownRoots(reader: DialogReader, revision: '0' | '1'): void {
  for (const { parent, key, leaves, root } of reader.shownRoots) {
    const [, computed] = snip12.encodeValue(
      reader.types,
      'merkletree',
      leaves,
      { parent, key },
      revision === '1' ? TypedDataRevision.ACTIVE : TypedDataRevision.LEGACY,
    );
    if (BigInt(computed) !== BigInt(root)) {
      throw new Error(
        `The dialog shows root ${root}, its leaves make ${computed}`,
      );
    }
  }
}

/**
 * Reads a sign-message dialog back into typed data.
 *
 * @param dialog - The dialog as shown (after visibleContent).
 * @returns The typed data and the signer.
 */
export function readSignMessageDialog(dialog: JSXElement): ReadBack {
  if (!isShown(dialog)) {
    throw new Error('Not a dialog');
  }
  const domainSection = sectionTitled(dialog, 'Domain (SNIP-12 revision ');
  const revision = revisionOf(domainSection);
  const reader = new DialogReader(revision);
  const domain = reader.domain(domainSection);
  const messageSection = sectionTitled(dialog, 'Message (');
  const [title, box] = elementsOf(messageSection);
  const primaryType = textOf(title).slice('Message ('.length, -1);
  const message = reader.struct(
    primaryType,
    box ? elementsOf(box).filter(({ type }) => type !== 'Text') : [],
  );
  for (const section of sectionsTitled(dialog, 'Type definitions')) {
    reader.definitions(section);
  }
  checkShownRoots(reader, revision);
  return {
    data: { types: reader.types, primaryType, domain, message },
    signer: signerOf(dialog),
  };
}

/**
 * Reads an outside-execution dialog back into SNIP-9 typed data: the
 * version, caller, window and nonce rows, each call's contract, selector
 * and calldata, and the domain.
 *
 * @param dialog - The dialog as shown (after visibleContent).
 * @returns The typed data and the signer.
 */
export function readOutsideExecutionDialog(dialog: JSXElement): ReadBack {
  if (!isShown(dialog)) {
    throw new Error('Not a dialog');
  }
  const domainSection = sectionTitled(dialog, 'Domain (SNIP-12 revision ');
  const reader = new DialogReader(revisionOf(domainSection));
  const domain = reader.domain(domainSection);
  const execution = sectionTitled(dialog, 'Outside execution (SNIP-9 ');
  const version = textOf(elementsOf(execution)[0]).endsWith('version 1)')
    ? '1'
    : '2';
  const row = (label: string): string => {
    const found = elementsOf(execution).find(
      (child) => child.type === 'Row' && propText(child, 'label') === label,
    );
    return textOf(found ? elementsOf(found)[0] : undefined);
  };
  const seconds = (label: string): string =>
    /\((?<seconds>[0-9]+)\)$/u.exec(row(label))?.groups?.seconds ?? '';
  // The calls' sections sit in a box of their own (CallSections).
  const calls = elementsOf(dialog)
    .flatMap((child) => (child.type === 'Box' ? elementsOf(child) : [child]))
    .filter(
      (child) =>
        child.type === 'Section' && elementsOf(child)[0]?.type === 'Heading',
    )
    .map((call) => {
      const copyables = elementsOf(call).filter(
        ({ type }) => type === 'Copyable',
      );
      const selector = elementsOf(call).find(
        (child) =>
          child.type === 'Row' && propText(child, 'label') === 'Selector',
      );
      const [contract, calldata] = copyables;
      return {
        to: contract ? propText(contract, 'value') : '',
        selector: textOf(selector ? elementsOf(selector)[0] : undefined),
        calldata: calldata ? propText(calldata, 'value').split(', ') : [],
      };
    });
  const [caller] = row('Caller').split(' ');
  const types =
    version === '1' ? OutsideExecutionTypesV1 : OutsideExecutionTypesV2;
  const message =
    version === '1'
      ? {
          caller,
          nonce: row('Nonce'),
          execute_after: seconds('Valid after'),
          execute_before: seconds('Valid before'),
          calls_len: calls.length,
          calls: calls.map((call) => ({
            ...call,
            calldata_len: call.calldata.length,
          })),
        }
      : {
          Caller: caller,
          Nonce: row('Nonce'),
          'Execute After': seconds('Valid after'),
          'Execute Before': seconds('Valid before'),
          Calls: calls.map(({ to, selector, calldata }) => ({
            To: to,
            Selector: selector,
            Calldata: calldata,
          })),
        };
  return {
    data: {
      types: { ...types, ...reader.types },
      primaryType: 'OutsideExecution',
      domain,
      message,
    },
    signer: signerOf(dialog),
  };
}
