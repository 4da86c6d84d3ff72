// Must run before the structs below are made: it records how each is made.
// eslint-disable-next-line import-x/no-unassigned-import
import './record-structs';

import {
  array,
  boolean,
  coerce,
  defaulted,
  enums,
  integer,
  literal,
  max,
  min,
  nonempty,
  nullable,
  number,
  object,
  optional,
  record,
  refine,
  size,
  string,
  Struct,
  type,
  union,
  unknown,
} from 'superstruct';

import { anyOf, fieldsOf, toJsonSchema } from './json-schema';

describe('toJsonSchema', () => {
  it('maps the plain structs', () => {
    expect(toJsonSchema(string(), 'result')).toStrictEqual({ type: 'string' });
    expect(toJsonSchema(integer(), 'result')).toStrictEqual({
      type: 'integer',
    });
    expect(toJsonSchema(unknown(), 'result')).toStrictEqual({});
    expect(toJsonSchema(literal('wei'), 'result')).toStrictEqual({
      type: 'string',
      const: 'wei',
    });
    expect(toJsonSchema(literal(null), 'result')).toStrictEqual({
      type: 'null',
    });
    expect(toJsonSchema(enums([10, 25]), 'result')).toStrictEqual({
      type: 'number',
      enum: [10, 25],
    });
    expect(toJsonSchema(array(boolean()), 'result')).toStrictEqual({
      type: 'array',
      items: { type: 'boolean' },
    });
    expect(toJsonSchema(record(string(), number()), 'result')).toStrictEqual({
      type: 'object',
      additionalProperties: { type: 'number' },
    });
    expect(toJsonSchema(nullable(string()), 'result')).toStrictEqual({
      type: ['string', 'null'],
    });
  });

  it('closes `object` and leaves `type` open; optional fields are not required', () => {
    expect(
      toJsonSchema(object({ a: string(), b: optional(number()) }), 'result'),
    ).toStrictEqual({
      type: 'object',
      properties: { a: { type: 'string' }, b: { type: 'number' } },
      required: ['a'],
      additionalProperties: false,
    });
    expect(toJsonSchema(type({ a: string() }), 'result')).toStrictEqual({
      type: 'object',
      properties: { a: { type: 'string' } },
      required: ['a'],
    });
  });

  it('makes a defaulted param optional with its default, but not a result field', () => {
    const struct = object({ size: defaulted(number(), () => 10) });
    expect(fieldsOf(struct, 'params')).toStrictEqual([
      {
        name: 'size',
        schema: { type: 'number', default: 10 },
        required: false,
      },
    ]);
    expect(fieldsOf(struct, 'result')).toStrictEqual([
      { name: 'size', schema: { type: 'number' }, required: true },
    ]);
  });

  it('accepts what a coercion takes as params, and only its output as a result', () => {
    const index = coerce(
      min(integer(), 0),
      refine(string(), 'integer text', (value) => /^[0-9]+$/u.test(value)),
      Number,
    );
    expect(toJsonSchema(index, 'params')).toStrictEqual({
      anyOf: [
        { type: 'integer', minimum: 0 },
        { type: 'string', pattern: '^[0-9]+$' },
      ],
    });
    expect(toJsonSchema(index, 'result')).toStrictEqual({
      type: 'integer',
      minimum: 0,
    });
  });

  it('maps bounds by the type they bound', () => {
    expect(toJsonSchema(size(string(), 1, 16), 'result')).toStrictEqual({
      type: 'string',
      minLength: 1,
      maxLength: 16,
    });
    expect(toJsonSchema(nonempty(array(string())), 'result')).toStrictEqual({
      type: 'array',
      items: { type: 'string' },
      minItems: 1,
    });
    expect(toJsonSchema(max(min(integer(), 1), 9), 'result')).toStrictEqual({
      type: 'integer',
      minimum: 1,
      maximum: 9,
    });
  });

  it('adds a named refinement of the snap, and refuses an unknown one', () => {
    const felt = refine(string(), 'felt', () => true);
    expect(toJsonSchema(felt, 'result')).toMatchObject({
      type: 'string',
      pattern: '^0x[0-9a-fA-F]+$',
    });
    expect(() =>
      toJsonSchema(
        refine(string(), 'mystery', () => true),
        'result',
      ),
    ).toThrow('No JSON Schema for the refinement "mystery"');
  });

  it('refuses a struct no recorded factory made', () => {
    const unrecorded = new Struct({ type: 'string', schema: null });
    expect(() => toJsonSchema(unrecorded, 'result')).toThrow(
      'was not made through',
    );
  });
});

describe('anyOf', () => {
  it('keeps a union readable', () => {
    expect(
      anyOf([
        { type: 'string', pattern: '^0x', description: 'A felt.' },
        { type: ['string', 'number'] },
        { type: 'number' },
      ]),
    ).toStrictEqual({ type: ['string', 'number'], description: 'A felt.' });
    expect(anyOf([{ type: 'string' }])).toStrictEqual({ type: 'string' });
    expect(
      anyOf([{ anyOf: [{ const: 1 }, { const: 2 }] }, { const: 2 }]),
    ).toStrictEqual({ anyOf: [{ const: 1 }, { const: 2 }] });
  });

  it('maps union to it', () => {
    expect(
      toJsonSchema(union([literal(0), literal('L1')]), 'result'),
    ).toStrictEqual({
      anyOf: [
        { type: 'number', const: 0 },
        { type: 'string', const: 'L1' },
      ],
    });
  });
});
