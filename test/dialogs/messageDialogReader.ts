import type { JSXElement } from '@metamask/snaps-sdk/jsx';
import { TypedDataRevision, typedData as snip12 } from 'starknet';
import type { TypedData } from 'starknet';

import {
  drawnElementsOf,
  elementsOf,
  isShown,
  propText,
  revisionOf,
  sectionsTitled,
  sectionTitled,
  signerOf,
  textOf,
} from './shownElements';
import type { Shown } from './shownElements';

/**
 * Test code: reads typed data back from a dialog as the user sees it (after
 * visibleContent), using nothing but its shown texts. If the dialog shows
 * exactly what is hashed, the typed data read back hashes to the signed
 * hash. Anything the reader cannot place is an error: the dialog must be
 * unambiguous.
 */

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
export class DialogReader {
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
    const [title, ...shown] = drawnElementsOf(field);
    const { name, typeText } = splitLabel(textOf(title));
    const member = memberOf(name, typeText);
    if (shown.length === 0) {
      throw new Error(`Section ${name} has no fields`);
    }
    const rows = shown.filter((child) => child.type !== 'Text');
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
    const [, ...definitions] = drawnElementsOf(section);
    for (const definition of definitions) {
      const [title, ...rows] = drawnElementsOf(definition);
      const { name, typeText } = splitLabel(textOf(title));
      const members = rows
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
  const [title, ...fields] = drawnElementsOf(messageSection);
  const primaryType = textOf(title).slice('Message ('.length, -1);
  const message = reader.struct(
    primaryType,
    fields.filter(({ type }) => type !== 'Text'),
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
