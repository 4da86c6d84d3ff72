/** Values as they cross MetaMask's message channel: JSON only. */
import type { Json, JsonRpcParams } from '@metamask/snaps-sdk';

/** An error as MetaMask's provider throws it. */
export type ProviderError = Error & { code: number; data?: Json };

/**
 * An error as MetaMask's provider throws it.
 *
 * @param code - The JSON-RPC code.
 * @param message - The message.
 * @param data - The data, if any.
 * @returns The error.
 */
export function providerError(
  code: number,
  message: string,
  data?: Json,
): ProviderError {
  return Object.assign(new Error(message), {
    code,
    ...(data === undefined ? {} : { data }),
  });
}

/**
 * A value as it crosses the channel.
 *
 * @param value - The value.
 * @returns Its JSON copy, or undefined for undefined.
 */
export function overTheWire(value: unknown): Json | undefined {
  if (value === undefined) {
    return undefined;
  }
  const copy: Json = JSON.parse(JSON.stringify(value));
  return copy;
}

/**
 * Request params as they cross the channel: a JSON object or array.
 *
 * @param value - The params.
 * @returns Their JSON copy, or undefined when absent or not a container.
 */
export function paramsOverTheWire(value: unknown): JsonRpcParams | undefined {
  const copy = overTheWire(value);
  return typeof copy === 'object' && copy !== null ? copy : undefined;
}

/**
 * Reads an object's own property.
 *
 * @param value - The object.
 * @param key - The property.
 * @returns Its value, or undefined.
 */
export function property(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null
    ? Object.getOwnPropertyDescriptor(value, key)?.value
    : undefined;
}

/**
 * All text of a dialog's content, for "does it show X" checks.
 *
 * @param content - The dialog's content (JSX elements as the simulator
 * gives them).
 * @returns Its text, pieces separated by spaces.
 */
export function dialogText(content: unknown): string {
  if (typeof content === 'string' || typeof content === 'number') {
    return String(content);
  }
  if (Array.isArray(content)) {
    return content.map(dialogText).join(' ');
  }
  if (typeof content === 'object' && content !== null) {
    return Object.values(content).map(dialogText).join(' ');
  }
  return '';
}
