import type { Json } from '@metamask/snaps-sdk';
import { hash, outsideExecution, shortString } from 'starknet';
import type { TypedData } from 'starknet';

import { addSiteNetwork, useHostileNode } from './hostile-node';
import type { HostileNode } from './hostile-node';
import { ONE_STRK, SN_DEVNET } from './node';
import { normaliseAddress } from '../../src/keys/address';
import { ACCOUNT_0, DAPP_ORIGIN, MAINNET } from '../fixtures';
import {
  confirmationOf,
  installWallet,
  invoke,
  stateSharing,
  textOf,
} from '../installedWallet';
import type { Wallet } from '../installedWallet';
import { TEST_MAINNET_PORT } from '../ports';
import type { LocalNode } from '@snapnet/local-node';
import { startLocalNode } from '@snapnet/local-node';

// An outside execution's calls are read with the data of the chain its
// signed domain binds — never with the tokens or ABIs of the network the
// request names, which a site controls. The attack: a site adds its
// own network, has the user track "USDC" there at Mainnet USDC's address
// (its node says 18 decimals), then asks for an ANY_CALLER transfer whose
// domain is Mainnet's: on Mainnet that moves 1,000 USDC (6 decimals).

const { hostile } = useHostileNode(ACCOUNT_0.address, ONE_STRK);

/** Mainnet's node in the test build: a local node on the Mainnet port. */
let mainnet: LocalNode;

beforeAll(async () => {
  mainnet = await startLocalNode({
    host: '127.0.0.1',
    port: TEST_MAINNET_PORT,
    chainId: 'SN_MAIN',
  });
});

afterAll(async () => {
  await mainnet.stop();
});

/** Bridged USDC's address on Mainnet. */
const USDC =
  '0x053c91253bc9682c04929ca02ed00b3e423f6710d2ee7e0d5ebb06f3ecf368a8';
const RECIPIENT =
  '0x0000000000000000000000000000000000000000000000000000000000abcdef';
/** 1,000 USDC at Mainnet's 6 decimals; 0.000000001 at 18. */
const AMOUNT = 1_000_000_000n;
/** A chain no network of the wallet serves. */
const SN_NOWHERE = shortString.encodeShortString('SN_NOWHERE');
/** A site that was given the account too, and has no network here. */
const OTHER_SITE = 'https://other-site.example';

/** USDC as the user tracks it on Mainnet (6 decimals). */
const MAINNET_USDC = {
  address: USDC,
  name: 'USD Coin',
  symbol: 'USDC',
  decimals: 6,
  chainId: MAINNET,
};

/**
 * A wallet sharing ACCOUNT_0 with the test site (and OTHER_SITE),
 * optionally tracking USDC on Mainnet; the test site then adds its own
 * network (the hostile node) and has the user track "USDC" there at Mainnet
 * USDC's address, its node saying 18 decimals.
 *
 * @param options - The start.
 * @param options.mainnetUsdc - Whether the user tracks USDC on Mainnet.
 * @returns The wallet.
 */
async function attackedWallet(options: {
  mainnetUsdc: boolean;
}): Promise<Wallet> {
  const state = stateSharing([ACCOUNT_0.address]);
  const tokens = Array.isArray(state.tokens) ? state.tokens : [];
  const wallet = await installWallet({
    state: {
      ...state,
      permissions: [
        { origin: DAPP_ORIGIN, accounts: [ACCOUNT_0.address] },
        { origin: OTHER_SITE, accounts: [ACCOUNT_0.address] },
      ],
      tokens: options.mainnetUsdc ? [...tokens, MAINNET_USDC] : tokens,
    },
  });
  await addSiteNetwork(wallet, hostile().url, SN_DEVNET);
  hostile().script('starknet_call', (call, honest) => {
    const { request } = call.params as {
      request: { contract_address: string; entry_point_selector: string };
    };
    if (BigInt(request.contract_address) !== BigInt(USDC)) {
      return honest;
    }
    return BigInt(request.entry_point_selector) ===
      BigInt(hash.getSelectorFromName('decimals'))
      ? { result: ['0x12'] }
      : { result: [shortString.encodeShortString('USDC')] };
  });
  const adding = invoke(wallet, 'snapnet_addErc20Token', {
    tokenAddress: USDC,
    tokenName: 'USD Coin',
    tokenSymbol: 'USDC',
    chainId: SN_DEVNET,
  });
  await (await confirmationOf(adding)).ok();
  expect(await adding).toRespondWith(
    expect.objectContaining({ symbol: 'USDC', decimals: 18 }),
  );
  hostile().clearScripts();
  hostile().forget();
  return wallet;
}

/**
 * Asks for an ANY_CALLER outside execution of ACCOUNT_0 transferring AMOUNT
 * of USDC to RECIPIENT, its domain bound to `domainChain`.
 *
 * @param wallet - The snap.
 * @param domainChain - The chain the signed domain names.
 * @param chainId - The network the request names.
 * @param origin - The site.
 * @returns The pending request.
 */
function askTransfer(
  wallet: Wallet,
  domainChain: string | undefined,
  chainId: string,
  origin = DAPP_ORIGIN,
): ReturnType<typeof invoke> {
  const now = Math.floor(Date.now() / 1000);
  // A copy: starknet.js hands out its shared type constants.
  const data: TypedData = JSON.parse(
    JSON.stringify(
      outsideExecution.getTypedData(
        domainChain ?? MAINNET,
        {
          caller: 'ANY_CALLER',
          execute_after: now - 600,
          execute_before: now + 3600,
        },
        '0x99',
        [
          {
            contractAddress: USDC,
            entrypoint: 'transfer',
            calldata: [RECIPIENT, AMOUNT.toString(), '0'],
          },
        ],
        '1',
      ),
    ),
  );
  if (domainChain === undefined) {
    // A domain that names no chain: its type and value without chainId.
    data.types.StarkNetDomain = (data.types.StarkNetDomain ?? []).filter(
      ({ name }) => name !== 'chainId',
    );
    delete data.domain.chainId;
  }
  return invoke(
    wallet,
    'snapnet_signMessage',
    {
      typedDataMessage: JSON.parse(JSON.stringify(data)) as Json,
      signerAddress: ACCOUNT_0.address,
      chainId,
    },
    origin,
  );
}

/**
 * Reads the dialog of a request and answers it.
 *
 * @param pending - The request.
 * @param approve - Whether the user approves.
 * @returns The dialog's text.
 */
async function decide(
  pending: ReturnType<typeof invoke>,
  approve: boolean,
): Promise<string> {
  const dialog = await confirmationOf(pending);
  const text = textOf(dialog.content);
  if (approve) {
    await dialog.ok();
    expect(await pending).toRespondWith(
      expect.stringMatching(/^0x[0-9a-f]+,0x[0-9a-f]+$/u),
    );
  } else {
    await dialog.cancel();
    expect(await pending).toRespondWithError(
      expect.objectContaining({ code: 4001 }),
    );
  }
  return text;
}

/**
 * The contracts whose class a hostile node was asked for.
 *
 * @param node - The node.
 * @returns The addresses, as asked.
 */
function classLookups(node: HostileNode): string[] {
  return node
    .seen()
    .filter(({ method }) => method === 'starknet_getClassHashAt')
    .map(({ params }) =>
      String((params as { contract_address: string }).contract_address),
    );
}

const DECISIONS: [string, boolean][] = [
  ['approves', true],
  ['declines', false],
];

describe("an outside execution's calls are read with the data of the chain it binds", () => {
  it.each(DECISIONS)(
    "bound to Mainnet, asked on a site's network: Mainnet's USDC, never the site's 18-decimal one (the user %s)",
    async (_, approve) => {
      const wallet = await attackedWallet({ mainnetUsdc: true });
      mainnet.resetRequestCount();
      const text = await decide(
        askTransfer(wallet, MAINNET, SN_DEVNET),
        approve,
      );
      expect(text).toContain('Another network');
      expect(text).toContain("Calls read with Mainnet's data");
      expect(text).toContain('Send 1,000 USDC');
      expect(text).not.toContain('0.000000001');
      // The ABIs were asked of Mainnet's node, not the site's.
      expect(mainnet.requestCount('starknet_getClassHashAt')).toBe(1);
      expect(classLookups(hostile())).toStrictEqual([]);
    },
  );

  it("bound to Mainnet where USDC is not tracked: the transfer is raw, with no symbol or figure from the site's network", async () => {
    const wallet = await attackedWallet({ mainnetUsdc: false });
    const text = await decide(askTransfer(wallet, MAINNET, SN_DEVNET), false);
    expect(text).toContain("Calls read with Mainnet's data");
    expect(text).not.toContain('USDC');
    expect(text).not.toContain('Send 1,000');
    expect(text).not.toContain('0.000000001');
    expect(text).toContain(`0x${AMOUNT.toString(16)}`);
    // Its recipient is named all the same, with the amount as signed.
    expect(text).toContain(
      `Send ${AMOUNT} (raw: an amount or an item's id, of a token this wallet does not track) to ${normaliseAddress(RECIPIENT)}`,
    );
  });

  it.each(DECISIONS)(
    'bound to a chain the wallet has no network of: raw under a banner, no node asked (the user %s)',
    async (_, approve) => {
      const wallet = await attackedWallet({ mainnetUsdc: true });
      mainnet.resetRequestCount();
      const text = await decide(
        askTransfer(wallet, SN_NOWHERE, SN_DEVNET),
        approve,
      );
      expect(text).toContain('Calls shown raw');
      expect(text).toContain('SN_NOWHERE');
      expect(text).not.toContain('USDC');
      expect(text).not.toContain('Send 1,000');
      expect(text).toContain(
        `Send ${AMOUNT} (raw: an amount or an item's id, of a token this wallet does not track) to ${normaliseAddress(RECIPIENT)}`,
      );
      expect(mainnet.requestCount()).toBe(0);
      expect(hostile().seen()).toStrictEqual([]);
    },
  );

  it('bound to no chain: raw under a banner, no node asked', async () => {
    const wallet = await attackedWallet({ mainnetUsdc: true });
    mainnet.resetRequestCount();
    const text = await decide(askTransfer(wallet, undefined, SN_DEVNET), false);
    expect(text).toContain('Valid on every network');
    expect(text).toContain('Calls shown raw');
    expect(text).not.toContain('USDC');
    expect(mainnet.requestCount()).toBe(0);
    expect(hostile().seen()).toStrictEqual([]);
  });

  it("bound to another site's network: raw, and that site's node learns nothing", async () => {
    const wallet = await attackedWallet({ mainnetUsdc: false });
    const text = await decide(
      askTransfer(wallet, SN_DEVNET, MAINNET, OTHER_SITE),
      false,
    );
    expect(text).toContain('Calls shown raw');
    expect(text).not.toContain('USDC');
    expect(hostile().seen()).toStrictEqual([]);
  });

  it("bound to the site's own network, asked there: read with that network's tokens", async () => {
    const wallet = await attackedWallet({ mainnetUsdc: true });
    const text = await decide(askTransfer(wallet, SN_DEVNET, SN_DEVNET), true);
    expect(text).not.toContain('Another network');
    expect(text).not.toContain('Calls read with');
    expect(text).toContain('Send 0.000000001 USDC');
    expect(classLookups(hostile())).toStrictEqual([USDC]);
  });
});
