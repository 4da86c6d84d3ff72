import { networkTokens } from './access';
import type { WalletContext } from './context';
import type { Network } from '../config';
import { contractAbis, lookupTargets } from '../node/contractAbis';
import { nameLookupOf } from '../node/names';
import type { CallToShow } from '../protocol/calls';
import { statedParties } from '../sender/callParties';
import { protocolReads } from '../sender/protocolReads';
import type { TypedDataReading } from '../signing/typedData';
import { networksFor } from '../state/networks';
import type { ChainData } from '../ui/decodeCalls';

/**
 * The network whose data may read the calls of a signed payload: the one
 * whose chain the payload binds, among those the site may use (built-in,
 * the user's, its own; chain ids are unique among the wallet's networks,
 * so a site's network never stands for a built-in chain). Another site's
 * network is not one: its node would learn the signer.
 *
 * @param context - Who asks.
 * @param network - The network the request names.
 * @param binding - The chain the signed domain binds.
 * @returns The network, or undefined when the wallet has none to use.
 */
async function boundNetwork(
  context: WalletContext,
  network: Network,
  binding: TypedDataReading['chain'],
): Promise<Network | undefined> {
  if (binding.kind === 'match') {
    return network;
  }
  if (binding.kind === 'missing') {
    return undefined;
  }
  return networksFor(await context.state(), context.origin).find(
    ({ chainId }) => BigInt(chainId) === binding.chainId,
  );
}

/**
 * What the calls of an outside execution are read with: the tokens the
 * wallet tracks on the chain its signed domain binds, and the called
 * classes' ABIs from that network's nodes, and what the chain says of the
 * staking pools called (two round trips at most; always two with a pool
 * entry point) — not
 * the request's network, whose data may be another chain's. Where the
 * wallet has no network of that chain (or the domain names none), no data:
 * the dialog shows the calls raw. Calls to more contracts than can be
 * looked up are refused either way.
 *
 * @param context - Who asks.
 * @param network - The network the request names.
 * @param binding - The chain the signed domain binds.
 * @param signed - What is signed.
 * @param signed.calls - Its calls.
 * @param signed.account - The signer (canonical).
 * @param signed.callsField - The param its calls are, to blame a refusal.
 * @param field - The param the calls are in, to blame.
 * @returns The chain data.
 */
export async function outsideExecutionChainData(
  context: WalletContext,
  network: Network,
  binding: TypedDataReading['chain'],
  signed: { calls: CallToShow[]; account: string; callsField: string },
  field: string,
): Promise<ChainData> {
  const targets = lookupTargets(
    signed.calls.map(({ contractAddress }) => contractAddress),
    field,
  );
  const bound = await boundNetwork(context, network, binding);
  if (!bound) {
    return { kind: 'none', account: signed.account };
  }
  const own = BigInt(signed.account);
  const tokens = await networkTokens(context, bound.chainId);
  const { readings, names, late, riding } = await contractAbis(
    context.node(bound),
    targets,
    nameLookupOf(
      bound,
      [
        ...signed.calls.flatMap((call) =>
          statedParties(call).map(({ address }) => `0x${address.toString(16)}`),
        ),
        ...targets,
      ].filter((address) => BigInt(address) !== own),
    ),
    protocolReads(bound, signed.calls, signed.account, {
      tokens,
      field: signed.callsField,
      pricing: (await context.preferences()).useExternalPricingData,
    }),
  );
  return {
    kind: 'chain',
    networkName: bound.name,
    chainId: bound.chainId,
    decode: {
      tokens,
      account: signed.account,
      chainAbis: readings,
      ...riding,
    },
    names,
    lateNames: late,
  };
}
