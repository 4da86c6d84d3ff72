// Must run before the snap's structs are made: it records how each is made.
// eslint-disable-next-line import-x/no-unassigned-import
import './record-structs';

import type { Json } from '@metamask/snaps-sdk';

import { fieldsOf, toJsonSchema } from './json-schema';
import type { JsonSchema } from './json-schema';
import { METHOD_DOCS } from './method-docs';
import type { MethodDoc } from './method-docs';
import { version } from '../../package.json';
import { SNAP_ERRORS, SnapErrorCode } from '../../src/api';
import type { SnapErrorName } from '../../src/api';
import { methods } from '../../src/methods/router';
import type { MethodName } from '../../src/methods/router';

/** Where the document lives, relative to the repository root. */
export const OPENRPC_FILE = 'openrpc.json';

/** The command that rewrites it. */
export const REGENERATE_COMMAND = 'npm run openrpc';

const DESCRIPTION = [
  'The Starknet wallet snap for MetaMask. Every method is called through',
  '`wallet_invokeSnap` (`{snapId, request: {method, params}}`) with its params',
  'by name; params and results are generated from the structs the snap',
  'validates with. A method the installed snap does not have answers -32601.',
  'Examples use account 0 of the secret recovery phrase',
  '`test test test test test test test test test test test ball` on a local node.',
].join(' ');

/**
 * The OpenRPC document of the snap, from the router's method table.
 *
 * @returns The document, as JSON.
 */
export function buildOpenRpcDocument(): { [key: string]: Json } {
  const names = Object.keys(methods).filter(isMethodName);
  return {
    openrpc: '1.3.2',
    info: {
      title: 'Starknet Wallet snap',
      version,
      description: DESCRIPTION,
      license: { name: 'MIT' },
    },
    methods: names.map((name) => methodObject(name, METHOD_DOCS[name])),
    components: {
      errors: Object.fromEntries(
        errorNames().map((name) => [
          name,
          { code: SnapErrorCode[name], message: SNAP_ERRORS[name].meaning },
        ]),
      ),
    },
  };
}

/**
 * One method of the document.
 *
 * @param name - The method.
 * @param doc - What the structs cannot say about it.
 * @returns Its OpenRPC method object.
 */
function methodObject(
  name: MethodName,
  doc: MethodDoc,
): { [key: string]: Json } {
  const { params, result } = methods[name];
  return {
    name,
    summary: doc.summary,
    ...(doc.description ? { description: doc.description } : {}),
    paramStructure: 'by-name',
    params: fieldsOf(params, 'params').map((field) => ({
      name: field.name,
      required: field.required,
      schema: field.schema,
    })),
    result: { name: `${name}Result`, schema: toJsonSchema(result, 'result') },
    errors: errorsOf(doc).map((error) => ({
      $ref: `#/components/errors/${error}`,
    })),
    examples: doc.examples.map((example) => ({
      name: example.name,
      ...(example.description ? { description: example.description } : {}),
      params: Object.entries(example.params).map(([param, value]) => ({
        name: param,
        value,
      })),
      result: { name: `${name}Result`, value: example.result },
    })),
  };
}

/**
 * The errors a method can answer.
 *
 * @param doc - The method's doc.
 * @returns Their names, in the order of `SnapErrorCode`.
 */
function errorsOf(doc: MethodDoc): SnapErrorName[] {
  const possible: Record<SnapErrorName, boolean> = {
    UserRejected: doc.dialog,
    Unauthorized: true,
    InvalidParams: true,
    MethodNotFound: false,
    ResourceNotFound: doc.notFound === true,
    ResourceUnavailable: doc.node,
    Internal: true,
  };
  return errorNames().filter((name) => possible[name]);
}

/**
 * The snap's error names, in the order of `SnapErrorCode`.
 *
 * @returns The names.
 */
function errorNames(): SnapErrorName[] {
  return Object.keys(SnapErrorCode).filter(
    (name): name is SnapErrorName => name in SNAP_ERRORS,
  );
}

/**
 * Narrows a key of the method table.
 *
 * @param name - A key.
 * @returns Whether it names a method.
 */
function isMethodName(name: string): name is MethodName {
  return name in methods;
}

/**
 * The document as the file holds it.
 *
 * @returns Its text: two-space JSON and a final newline.
 */
export function openRpcText(): string {
  return `${JSON.stringify(buildOpenRpcDocument(), null, 2)}\n`;
}

export type { JsonSchema };
