// Must run before the snap's structs are made: it records how each is made.
// eslint-disable-next-line import-x/no-unassigned-import
import './record-structs';

import { readFile } from 'fs/promises';
import { resolve } from 'path';
import { assert, create } from 'superstruct';
import type { Struct } from 'superstruct';

import {
  buildOpenRpcDocument,
  OPENRPC_FILE,
  openRpcText,
  REGENERATE_COMMAND,
} from './document';
import { toJsonSchema } from './json-schema';
import { METHOD_DOCS } from './method-docs';
import { createValidator } from './validation';
import { methods } from '../../src/methods/router';
import type { MethodName } from '../../src/methods/router';

let committed = '';
beforeAll(async () => {
  committed = await readFile(resolve(__dirname, '../..', OPENRPC_FILE), 'utf8');
});
const validator = createValidator();
const examples = (Object.keys(METHOD_DOCS) as MethodName[]).flatMap((name) =>
  METHOD_DOCS[name].examples.map((example) => ({ name, example })),
);

/**
 * A method's structs, typed loosely enough for `create` and `assert`.
 *
 * @param name - The method.
 * @returns Its params and result structs.
 */
function structsOf(name: MethodName): {
  params: Struct<any, any>;
  result: Struct<any, any>;
} {
  return methods[name];
}

describe(OPENRPC_FILE, () => {
  it('is what the method table generates', () => {
    const stale = `${OPENRPC_FILE} is stale: run \`${REGENERATE_COMMAND}\` and commit it`;
    expect({ stale, text: committed }).toStrictEqual({
      stale,
      text: openRpcText(),
    });
  });

  it('is a valid OpenRPC document', () => {
    const valid = validator.validateDocument(JSON.parse(committed));
    expect(validator.errorsText(validator.validateDocument)).toBe(
      valid ? 'No errors' : expect.any(String),
    );
    expect(valid).toBe(true);
  });

  it('documents every method of the router, with an example', () => {
    const documented = buildOpenRpcDocument().methods;
    expect(Array.isArray(documented) && documented.length).toBe(
      Object.keys(methods).length,
    );
    expect(Object.keys(METHOD_DOCS).sort()).toStrictEqual(
      Object.keys(methods).sort(),
    );
  });

  it.each(examples)(
    '$name example "$example.name": params pass the struct and the schema',
    ({ name, example }) => {
      const { params } = structsOf(name);
      expect(() => create(example.params, params)).not.toThrow();
      const validate = validator.compileSchema(toJsonSchema(params, 'params'));
      expect(validate(example.params) || validator.errorsText(validate)).toBe(
        true,
      );
    },
  );

  it.each(examples)(
    '$name example "$example.name": the result matches the struct and the schema',
    ({ name, example }) => {
      const { result } = structsOf(name);
      expect(() => assert(example.result, result)).not.toThrow();
      const validate = validator.compileSchema(toJsonSchema(result, 'result'));
      expect(validate(example.result) || validator.errorsText(validate)).toBe(
        true,
      );
    },
  );
});
