import type { DecodedCallView } from './views';
import type { ContractAbi } from '../chain/abi';

const U256 = new Set(['core::integer::u256', 'Uint256']);
const ARRAY = /^core::array::(?:Array|Span)::<(.+)>$/u;
const MAX_DEPTH = 4;

/** Reads values of ABI types off calldata, front to back. */
class CalldataCursor {
  readonly #calldata: string[];

  #position = 0;

  #last: bigint | undefined;

  readonly #abi: ContractAbi;

  /**
   * @param calldata - The calldata.
   * @param abi - Struct and enum definitions.
   */
  constructor(calldata: string[], abi: ContractAbi) {
    this.#calldata = calldata;
    this.#abi = abi;
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
    const items = Array.from({ length: Number(length) }, () =>
      this.read(element, depth + 1),
    );
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
    if (U256.has(type)) {
      const low = this.take();
      return (low + this.take() * 2n ** 128n).toString();
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
      return this.take() === 0n ? 'false' : 'true';
    }
    const members = this.#abi.structs.get(type);
    if (members) {
      const fields = members.map(
        (member) => `${member.name}: ${this.read(member.type, depth + 1)}`,
      );
      return `{ ${fields.join(', ')} }`;
    }
    const variants = this.#abi.enums.get(type);
    if (variants) {
      const variant = variants[Number(this.take())];
      if (!variant) {
        throw new Error('unknown enum variant');
      }
      return variant.type === '()'
        ? variant.name
        : `${variant.name}(${this.read(variant.type, depth + 1)})`;
    }
    return `0x${this.take().toString(16)}`;
  }
}

/**
 * Labels a call's calldata with the names of its ABI function's inputs.
 *
 * @param call - The call.
 * @param call.selector - The entrypoint selector (canonical hex).
 * @param call.calldata - The calldata.
 * @param abi - The called contract's ABI.
 * @returns The decoded call, or undefined when the ABI does not fit.
 */
export function decodeWithAbi(
  call: { selector: string; calldata: string[] },
  abi: ContractAbi,
): DecodedCallView | undefined {
  const fn = abi.functions.get(call.selector);
  if (!fn) {
    return undefined;
  }
  try {
    const cursor = new CalldataCursor(call.calldata, abi);
    const fields = fn.inputs.map((input) => ({
      label: input.name,
      value: cursor.read(input.type, 0),
    }));
    if (!cursor.done) {
      return undefined;
    }
    return {
      summary: `${fn.name}(${fn.inputs.map(({ name }) => name).join(', ')})`,
      fields,
    };
  } catch {
    return undefined;
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
