import { Account, RpcProvider, config, hash } from 'starknet';
import type { CairoAssembly, CompiledSierra } from 'starknet';

import type { PredeployedAccount, TestNode } from './types';
import { readArgentSierra, readContract } from '../vendored';

// starknet.js warns when a fresh chain has too few blocks for tip statistics.
config.set('logLevel', 'ERROR');

/** The wallet's account class: Argent 0.3.1. */
export const ARGENT_CLASS_HASH =
  '0x29927c8af6bccf3f6fda035981e765a7bdbf18a2dc0d630494f8758aa908e2b';

/** Test transactions wait with a short poll (starknet.js defaults to 5 s). */
export const WAIT = { retryInterval: 50 };

/**
 * A predeployed account of the node as a starknet.js account.
 *
 * @param node - The node.
 * @param index - Which predeployed account.
 * @returns The account.
 */
export function predeployedAccount(node: TestNode, index = 0): Account {
  const account: PredeployedAccount | undefined = node.accounts[index];
  if (!account) {
    throw new Error(`The node has no predeployed account ${index}`);
  }
  return new Account({
    provider: new RpcProvider({ nodeUrl: node.url }),
    address: account.address,
    signer: account.privateKey,
  });
}

/**
 * Whether the node knows a class.
 *
 * @param node - The node.
 * @param classHash - The class hash.
 * @returns True when `starknet_getClass` finds it.
 */
async function isDeclared(node: TestNode, classHash: string): Promise<boolean> {
  const provider = new RpcProvider({ nodeUrl: node.url });
  return provider
    .getClassByHash(classHash)
    .then(() => true)
    .catch((error: unknown) => {
      if (String(error).includes('Class hash not found')) {
        return false;
      }
      throw error;
    });
}

/**
 * Declares a class with a predeployed account unless the node knows it.
 *
 * @param node - The node.
 * @param contract - The Sierra class.
 * @param casm - Its CASM, as the network's compiler produces it.
 * @returns The class hash.
 */
export async function ensureDeclared(
  node: TestNode,
  contract: CompiledSierra,
  casm: CairoAssembly,
): Promise<string> {
  const classHash = hash.computeContractClassHash(contract);
  if (await isDeclared(node, classHash)) {
    return classHash;
  }
  const funder = predeployedAccount(node);
  const declared = await funder.declare({ contract, casm });
  await new RpcProvider({ nodeUrl: node.url }).waitForTransaction(
    declared.transaction_hash,
    WAIT,
  );
  return declared.class_hash;
}

/**
 * Makes sure the wallet's account class is declared: the local node has it
 * built in; starknet-devnet predeclares only Argent 0.4.0, so the test
 * declares 0.3.1 from the vendored Sierra and CASM, as anyone would on a
 * fresh network.
 *
 * @param node - The node.
 */
export async function ensureArgentDeclared(node: TestNode): Promise<void> {
  const declared = await ensureDeclared(
    node,
    readArgentSierra<CompiledSierra>(),
    readContract<CairoAssembly>('ArgentAccount-0.3.1.casm.json'),
  );
  if (declared !== ARGENT_CLASS_HASH) {
    throw new Error(`Argent 0.3.1 declared as ${declared}`);
  }
}
