import type { MethodTable } from './types';
import { invalidParams } from '../base/errors';
import { PUT_CONTENT, parseBlocks } from '../storage/journal';

/** The JSON-RPC side of the content journal (replayed by devnet_load). */
export const contentMethods: MethodTable = {
  [PUT_CONTENT]: {
    params: ['blocks'],
    handler: (params, ctx) => {
      const blocks = parseBlocks(params.blocks);
      try {
        ctx.node.content.putAll(blocks);
      } catch (error) {
        throw invalidParams(
          `blocks: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
      return null;
    },
  },
};
