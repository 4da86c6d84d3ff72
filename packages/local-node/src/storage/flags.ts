import { badRequest } from './errors';

/**
 * Reading command flags from the query, as the reference implementation
 * does: `arg` may repeat, every other flag appears once, flags a command
 * does not know are ignored, and a value of the wrong type is a 400.
 */
export class Flags {
  readonly #query: URLSearchParams;

  /**
   * @param query - The request's query string.
   */
  constructor(query: URLSearchParams) {
    this.#query = query;
  }

  /**
   * Every `arg`, in order.
   *
   * @returns The arguments.
   */
  args(): string[] {
    return this.#query.getAll('arg');
  }

  /**
   * A flag's raw value.
   *
   * @param name - The flag.
   * @returns Its value, or undefined when absent.
   */
  string(name: string): string | undefined {
    const values = this.#query.getAll(name);
    if (values.length > 1) {
      throw badRequest(`expected key ${name} to have only a single value`);
    }
    return values[0];
  }

  /**
   * A boolean flag (`true`/`false`/`1`/`0`; present without a value is true).
   *
   * @param name - The flag.
   * @param fallback - Its default.
   * @returns Its value.
   */
  boolean(name: string, fallback: boolean): boolean {
    const value = this.string(name);
    if (value === undefined) {
      return fallback;
    }
    if (['', 'true', '1', 't', 'True', 'TRUE'].includes(value)) {
      return true;
    }
    if (['false', '0', 'f', 'False', 'FALSE'].includes(value)) {
      return false;
    }
    throw badRequest(`${name}: expected a boolean, got "${value}"`);
  }

  /**
   * A non-negative integer flag.
   *
   * @param name - The flag.
   * @returns Its value, or undefined when absent.
   */
  count(name: string): number | undefined {
    const value = this.string(name);
    if (value === undefined) {
      return undefined;
    }
    if (!/^[0-9]{1,15}$/u.test(value)) {
      throw badRequest(
        `${name}: expected a non-negative integer, got "${value}"`,
      );
    }
    return Number(value);
  }

  /**
   * Refuses a flag value the node does not implement, rather than answering
   * something the reference implementation would not.
   *
   * @param name - The flag.
   * @param supported - The values accepted (the first is the default).
   */
  only(name: string, supported: string[]): void {
    const value = this.string(name);
    if (value !== undefined && !supported.includes(value)) {
      throw badRequest(
        `${name}=${value} is not supported by this node (supported: ${supported.join(', ')})`,
      );
    }
  }
}
