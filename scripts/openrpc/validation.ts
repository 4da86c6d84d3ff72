import AjvClass from 'ajv';
import type { ValidateFunction } from 'ajv';

import type { JsonSchema } from './json-schema';

// Both packages export their schema as a value their type declarations omit.
/* eslint-disable @typescript-eslint/no-require-imports */
const {
  jsonSchema: jsonSchemaMetaSchema,
}: { jsonSchema: object } = require('@json-schema-tools/meta-schema');
const {
  openrpcDocument: openRpcMetaSchema,
}: { openrpcDocument: object } = require('@open-rpc/meta-schema');
/* eslint-enable @typescript-eslint/no-require-imports */

/**
 * A validator for OpenRPC documents and the JSON Schemas inside them. The
 * OpenRPC meta-schema refers to the JSON Schema meta-schema of
 * json-schema.tools, by its id with and without a final slash. Formats
 * (`uri`, `regex`) are not checked; every pattern of the document is
 * compiled by the tests that validate examples against it.
 *
 * @returns The validator.
 */
export function createValidator(): {
  validateDocument: ValidateFunction;
  compileSchema: (schema: JsonSchema) => ValidateFunction;
  errorsText: (validate: ValidateFunction) => string;
} {
  const ajv = new AjvClass({
    strict: false,
    allErrors: true,
    validateFormats: false,
  });
  ajv.addMetaSchema(jsonSchemaMetaSchema);
  ajv.addSchema({
    $id: 'https://meta.json-schema.tools',
    $ref: 'https://meta.json-schema.tools/',
  });
  return {
    validateDocument: ajv.compile(openRpcMetaSchema),
    compileSchema: (schema) => ajv.compile(schema),
    errorsText: (validate) => ajv.errorsText(validate.errors),
  };
}
