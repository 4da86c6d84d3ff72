import { invalidParams } from '../base/errors';
import { parseFelt } from '../base/felt';
import type { BlockId } from '../chain/local-chain';

export type Params = Record<string, unknown>;

/**
 * Parses a BLOCK_ID (tag, {block_number} or {block_hash}).
 *
 * @param value - The JSON value.
 * @param name - Field name.
 * @returns The block id.
 */
export function parseBlockId(value: unknown, name = 'block_id'): BlockId {
  if (
    value === 'latest' ||
    value === 'pre_confirmed' ||
    value === 'l1_accepted'
  ) {
    return { tag: value };
  }
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    if ('block_number' in value) {
      const number: unknown = value.block_number;
      if (
        typeof number !== 'number' ||
        !Number.isSafeInteger(number) ||
        number < 0
      ) {
        throw invalidParams(
          `${name}.block_number: expected a non-negative integer`,
        );
      }
      return { number };
    }
    if ('block_hash' in value) {
      return { hash: parseFelt(value.block_hash, `${name}.block_hash`) };
    }
  }
  throw invalidParams(
    `${name}: expected "latest", "pre_confirmed", "l1_accepted", {block_number} or {block_hash}`,
  );
}

/**
 * Reads a required parameter.
 *
 * @param params - The params.
 * @param name - The name.
 * @returns The value.
 */
export function required(params: Params, name: string): unknown {
  const value = params[name];
  if (value === undefined) {
    throw invalidParams(`missing parameter: ${name}`);
  }
  return value;
}

/**
 * Reads a non-negative integer parameter.
 *
 * @param value - The value.
 * @param name - The name.
 * @returns The integer.
 */
export function parseIndex(value: unknown, name: string): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    throw invalidParams(`${name}: expected a non-negative integer`);
  }
  return value;
}

/**
 * Reads an array parameter.
 *
 * @param value - The value.
 * @param name - The name.
 * @returns The array.
 */
export function parseArray(value: unknown, name: string): unknown[] {
  if (!Array.isArray(value)) {
    throw invalidParams(`${name}: expected an array`);
  }
  return value;
}

/**
 * Reads simulation flags.
 *
 * @param value - The value (absent = none).
 * @param allowed - Allowed flags.
 * @param name - The name.
 * @returns The set of flags.
 */
export function parseFlags(
  value: unknown,
  allowed: string[],
  name = 'simulation_flags',
): Set<string> {
  const list = value === undefined ? [] : parseArray(value, name);
  const flags = new Set<string>();
  for (const flag of list) {
    if (typeof flag !== 'string' || !allowed.includes(flag)) {
      throw invalidParams(`${name}: unknown flag ${String(flag)}`);
    }
    flags.add(flag);
  }
  return flags;
}
