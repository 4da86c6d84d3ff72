import type { DecodedCallView } from './dialogInputs';
import type { ContractAbi } from '../node/abi';
import { FELT_PRIME, U128_BOUND } from '../protocol/values';

const U256 = new Set(['core::integer::u256', 'Uint256']);

/** Cairo's signed integers, by width. */
const SIGNED = new Map(
  [8n, 16n, 32n, 64n, 128n].map((bits) => [`core::integer::i${bits}`, bits]),
);

/**
 * A signed integer from its felt, as Cairo encodes it (a negative value is
 * the prime less its size) and as starknet.js decodes it since 10.7.5.
 *
 * @param felt - The felt.
 * @param bits - The integer's width.
 * @returns The value.
 * @throws When the felt is no value of that width.
 */
function signedOf(felt: bigint, bits: bigint): bigint {
  const value = felt > FELT_PRIME / 2n ? felt - FELT_PRIME : felt;
  const bound = 2n ** (bits - 1n);
  if (value < -bound || value >= bound) {
    throw new Error(`i${bits} out of range`);
  }
  return value;
}
const ARRAY = /^core::array::(?:Array|Span)::<(.+)>$/u;
const MAX_DEPTH = 4;

/**
 * How much decoding one dialog may do, across all its calls. Depth alone
 * does not bound it: a struct of many members that are empty structs reads
 * no calldata, so a hostile ABI could make a few felts cost minutes and
 * megabytes. Every value read (an empty struct included) spends one value,
 * every character of text produced spends one character; decoding stops
 * where either runs out, and the dialog then shows the calls raw. The
 * figures sit far above what a person reads in a dialog and far below what
 * would slow the snap or approach MetaMask's size limit (see
 * MAX_DIALOG_CHARS in dialogs/open.ts).
 */
export const DECODE_LIMITS = { values: 10_000, characters: 200_000 };

/** Thrown when a dialog's decoding budget runs out. */
export class DecodeBudgetExceeded extends Error {}

/** What is left of one dialog's decoding budget (see DECODE_LIMITS). */
export class DecodeBudget {
  #values: number;

  #characters: number;

  /**
   * @param limits - The budget.
   * @param limits.values - Values that may be read.
   * @param limits.characters - Characters that may be produced.
   */
  constructor(limits: { values: number; characters: number } = DECODE_LIMITS) {
    this.#values = limits.values;
    this.#characters = limits.characters;
  }

  /**
   * Spends part of the budget.
   *
   * @param values - Values read.
   * @param characters - Characters produced.
   * @throws {DecodeBudgetExceeded} When the budget runs out.
   */
  spend(values: number, characters: number): void {
    this.#values -= values;
    this.#characters -= characters;
    if (this.#values < 0 || this.#characters < 0) {
      throw new DecodeBudgetExceeded('too large to decode in a dialog');
    }
  }
}

/** Reads values of ABI types off calldata, front to back. */
class CalldataCursor {
  readonly #calldata: string[];

  #position = 0;

  #last: bigint | undefined;

  readonly #abi: ContractAbi;

  readonly #budget: DecodeBudget;

  /**
   * @param calldata - The calldata.
   * @param abi - Struct and enum definitions.
   * @param budget - The dialog's decoding budget.
   */
  constructor(calldata: string[], abi: ContractAbi, budget: DecodeBudget) {
    this.#calldata = calldata;
    this.#abi = abi;
    this.#budget = budget;
  }

  /** @returns Whether every felt was read. */
  get done(): boolean {
    return this.#position === this.#calldata.length;
  }

  /** @returns The next felt. */
  take(): bigint {
    const value = this.#calldata[this.#position];
    if (value === undefined) {
      throw new Error('calldata too short');
    }
    this.#position += 1;
    this.#last = BigInt(value);
    return this.#last;
  }

  /**
   * Text produced, paid for from the budget.
   *
   * @param text - The text.
   * @returns The same text.
   */
  #produce(text: string): string {
    this.#budget.spend(0, text.length);
    return text;
  }

  /**
   * A list of `length` values of one type.
   *
   * @param length - How many.
   * @param element - Their type.
   * @param depth - Nesting depth.
   * @returns Readable text.
   */
  list(length: bigint, element: string, depth: number): string {
    if (length > BigInt(this.#calldata.length - this.#position)) {
      throw new Error('array longer than calldata');
    }
    const items: string[] = [];
    for (let index = 0n; index < length; index++) {
      items.push(this.read(element, depth + 1));
    }
    this.#budget.spend(0, 2 + items.length * 2);
    return `[${items.join(', ')}]`;
  }

  /**
   * One value of an ABI type.
   *
   * @param type - The ABI type.
   * @param depth - Nesting depth.
   * @returns Readable text.
   */
  read(type: string, depth: number): string {
    if (depth > MAX_DEPTH) {
      throw new Error('too deep');
    }
    this.#budget.spend(1, 0);
    if (U256.has(type)) {
      const low = this.take();
      const high = this.take();
      if (low >= U128_BOUND || high >= U128_BOUND) {
        throw new Error('u256 half past 128 bits');
      }
      return this.#produce((low + high * U128_BOUND).toString());
    }
    const signedBits = SIGNED.get(type);
    if (signedBits !== undefined) {
      return this.#produce(signedOf(this.take(), signedBits).toString());
    }
    const element = ARRAY.exec(type)?.[1];
    if (element !== undefined) {
      return this.list(this.take(), element, depth);
    }
    if (type.endsWith('*')) {
      // Cairo 0: the array's length is the `_len` value read just before.
      return this.list(this.#last ?? 0n, type.slice(0, -1), depth);
    }
    if (type === 'core::bool') {
      const value = this.take();
      if (value > 1n) {
        throw new Error('bool past 1');
      }
      return this.#produce(value === 0n ? 'false' : 'true');
    }
    const members = this.#abi.structs.get(type);
    if (members) {
      return this.#struct(members, depth);
    }
    const variants = this.#abi.enums.get(type);
    if (variants) {
      const variant = variants[Number(this.take())];
      if (!variant) {
        throw new Error('unknown enum variant');
      }
      this.#budget.spend(0, variant.name.length + 2);
      return variant.type === '()'
        ? variant.name
        : `${variant.name}(${this.read(variant.type, depth + 1)})`;
    }
    return this.#produce(`0x${this.take().toString(16)}`);
  }

  /**
   * A struct's members, labelled.
   *
   * @param members - Its members.
   * @param depth - Its nesting depth.
   * @returns Readable text.
   */
  #struct(members: { name: string; type: string }[], depth: number): string {
    const fields = members.map((member) => {
      this.#produce(member.name);
      return `${member.name}: ${this.read(member.type, depth + 1)}`;
    });
    this.#budget.spend(0, 4 + fields.length * 4);
    return `{ ${fields.join(', ')} }`;
  }
}

/** Why a call's calldata is not labelled with an ABI. */
export type AbiMisfit = 'no-function' | 'calldata';

/**
 * Labels a call's calldata with the names of its ABI function's inputs,
 * spending from the dialog's budget.
 *
 * @param call - The call.
 * @param call.selector - The entrypoint selector (canonical hex).
 * @param call.calldata - The calldata.
 * @param abi - The called contract's ABI.
 * @param budget - The dialog's decoding budget.
 * @returns The decoded call, or why the ABI does not fit: it has no such
 * function, or the calldata does not read as its inputs.
 * @throws {DecodeBudgetExceeded} When the budget runs out.
 */
export function decodeWithAbi(
  call: { selector: string; calldata: string[] },
  abi: ContractAbi,
  budget: DecodeBudget,
): DecodedCallView | AbiMisfit {
  const fn = abi.functions.get(call.selector);
  if (!fn) {
    return 'no-function';
  }
  try {
    const cursor = new CalldataCursor(call.calldata, abi, budget);
    const fields = fn.inputs.map((input) => ({
      label: input.name,
      value: cursor.read(input.type, 0),
    }));
    if (!cursor.done) {
      return 'calldata';
    }
    const summary = `${fn.name}(${fn.inputs.map(({ name }) => name).join(', ')})`;
    budget.spend(0, summary.length * 2);
    return { summary, fields };
  } catch (error) {
    if (error instanceof DecodeBudgetExceeded) {
      throw error;
    }
    return 'calldata';
  }
}

/**
 * The name of a selector in an ABI.
 *
 * @param selector - The selector (canonical hex).
 * @param abi - The ABI.
 * @returns The function's name, if the ABI has it.
 */
export function functionName(
  selector: string,
  abi: ContractAbi | undefined,
): string | undefined {
  return abi?.functions.get(selector)?.name;
}
