import { validate } from 'superstruct';
import type { Struct } from 'superstruct';

import { InvalidInputError } from '../../errors';

/**
 * A form of the page as its submit event carries it, read field by field:
 * each checked by the struct the wallet method's params use, a failure
 * naming the field as the page labels it.
 */

/** A form's values as the event carries them. */
export type FormValues = Record<string, unknown>;

/**
 * A form field's text.
 *
 * @param values - The form's values.
 * @param key - The field.
 * @returns Its text ('' when empty).
 */
export function text(values: FormValues, key: string): string {
  const value = values[key];
  return typeof value === 'string' ? value : '';
}

/**
 * A form field checked by the same struct a method's params use, a failure
 * naming the field as the page labels it.
 *
 * @param label - The field's label.
 * @param value - Its text.
 * @param struct - What it must be.
 * @returns The checked value.
 */
export function field<Value>(
  label: string,
  value: string,
  struct: Struct<Value, unknown>,
): Value {
  const [error, checked] = validate(value, struct, { coerce: true });
  if (error || checked === undefined) {
    throw new InvalidInputError(label, error?.message ?? 'is not valid');
  }
  return checked;
}
