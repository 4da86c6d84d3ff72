import * as fc from 'fast-check';
import { array, StructError } from 'superstruct';

import { FeltText, parsedBy, readFelt, validateAnswer } from './answers';
import {
  FeeEstimateStruct,
  nonceCall,
  TransactionStatusStruct,
  viewCall,
} from './calls';
import { NodeClient } from './client';
import { answering, closeScriptedNodes } from '../../test/scriptedNode';
import { scriptedNode } from '../../test/scriptedNode';
import { TESTNET_CHAIN_ID } from '../config';
import { NodeError } from '../errors';

afterAll(closeScriptedNodes);

/**
 * JSON as a node may send it, `toString` members included: from JSON text
 * they are data, and superstruct's failure message once threw on them.
 */
const NODE_JSON = fc.oneof(
  fc.jsonValue(),
  fc
    .dictionary(
      fc.constantFrom('toString', 'valueOf', 'low', 'unit'),
      fc.jsonValue(),
    )
    .map((members) => JSON.parse(JSON.stringify(members))),
  fc
    .jsonValue()
    .map((inner) => JSON.parse(JSON.stringify([{ toString: inner }]))),
);

describe("a node's answers", () => {
  it('fail to parse only as a StructError, on any JSON', () => {
    const parsers = [
      parsedBy(FeltText),
      parsedBy(array(FeltText)),
      parsedBy(FeeEstimateStruct),
      parsedBy(TransactionStatusStruct),
      nonceCall('0x1').parse,
      viewCall('0x1', '0x2', []).parse,
    ];
    fc.assert(
      fc.property(NODE_JSON, (answer) => {
        for (const parse of parsers) {
          try {
            parse(answer);
          } catch (error) {
            expect(error).toBeInstanceOf(StructError);
          }
        }
        expect(() => readFelt(answer)).not.toThrow();
        expect(() => validateAnswer(answer, FeeEstimateStruct)).not.toThrow();
      }),
      { numRuns: 3000 },
    );
  });

  it('name an object with a member named toString as a malformed answer, naming the network', async () => {
    const node = await scriptedNode(
      answering((request) => {
        if (request.method === 'starknet_chainId') {
          return TESTNET_CHAIN_ID;
        }
        if (request.method === 'starknet_specVersion') {
          return '0.10.2';
        }
        return JSON.parse('{"toString":""}');
      }),
    );
    const client = new NodeClient(
      { name: 'Testnet', chainId: TESTNET_CHAIN_ID },
      { urls: [node.url] },
    );
    const failure = client.call(nonceCall('0x1'));
    await expect(failure).rejects.toThrow(NodeError);
    await expect(failure).rejects.toThrow(
      'Testnet node error: malformed answer to starknet_getNonce: Expected a value, got an object with a member named toString',
    );
  });
});
