import { openHome } from './homePage';
import type { SeenCall } from './hostile-node';
import { isLookup, startNamedChain, stopNamedChain } from './namedChain';
import type { NamedChain } from './namedChain';
import { strkOnNode } from './sentTransaction';
import { ACCOUNT_0, flatMailRevision1, STRK } from '../fixtures';
import {
  confirmationOf,
  invoke,
  plainResultOf,
  textOf,
} from '../installedWallet';

/**
 * The user who knows the site: signatures approved as soon as their dialogs
 * open, while the Starknet ID names of each message are still being read
 * (a node that never answers them). MetaMask cuts off what a request left
 * running when it returns; the turns those reads held must not be lost, so
 * the node still answers the site, the page and the background check.
 */

let chain: NamedChain;
let releaseNames = (): void => undefined;

beforeAll(async () => {
  chain = await startNamedChain();
}, 300_000);

afterAll(async () => {
  releaseNames();
  await stopNamedChain(chain);
});

describe('quick signatures while names are read', () => {
  it('eight signatures approved at once, their name reads never answered: then the site, the page and the background check are each answered', async () => {
    const { front, wallet } = chain;
    const stalled = new Promise<void>((resolve) => {
      releaseNames = resolve;
    });
    // The messages' addresses: only their lookups stall (the page reads
    // its accounts' names in its own batch, answered as usual).
    const addresses = Array.from(
      { length: 8 },
      (_, signature) => `0x${(0xabc + signature).toString(16)}`,
    );
    const ofMessages = (call: SeenCall): boolean => {
      const params = JSON.stringify(call.params ?? null).toLowerCase();
      // The address as a whole felt of the call (any leading zeros).
      return addresses.some((address) =>
        new RegExp(`"0x0*${address.slice(2)}"`, 'u').test(params),
      );
    };
    front.script('starknet_call', async (call, honest) => {
      if (
        ofMessages(call) &&
        (isLookup(call, 'address_to_domain') ||
          isLookup(call, 'domain_to_address'))
      ) {
        await stalled;
      }
      return honest;
    });
    for (let signature = 0; signature < 8; signature++) {
      const pending = invoke(wallet, 'snapnet_signMessage', {
        typedDataMessage: {
          ...flatMailRevision1,
          message: {
            to: addresses[signature] ?? '0x0',
            contents: `Hello ${signature}`,
          },
        },
        signerAddress: ACCOUNT_0.address,
      });
      const dialog = await confirmationOf(pending);
      expect(textOf(dialog.content)).toContain('Starknet ID name: checking…');
      await dialog.ok();
      expect(String(await plainResultOf(pending))).toMatch(
        /^0x[0-9a-f]+,0x[0-9a-f]+$/u,
      );
    }
    // Their name reads reached the node and were never answered.
    expect(
      front
        .seen()
        .filter(
          (call) => ofMessages(call) && isLookup(call, 'address_to_domain'),
        ),
    ).not.toHaveLength(0);

    // The site reads a balance.
    const held = await strkOnNode(chain.real, ACCOUNT_0.address);
    const { balanceLatest } = await plainResultOf(
      invoke(wallet, 'snapnet_getErc20TokenBalance', {
        tokenAddress: STRK,
        userAddress: ACCOUNT_0.address,
      }),
    );
    expect(BigInt(balanceLatest)).toBe(held);

    // The user opens the page: its overview shows what the account holds.
    const home = await openHome(wallet);
    const overview = textOf(home.content);
    expect(overview).toMatch(/STRK Text \d+(\.\d+)? STRK/u);
    expect(overview).not.toContain('no complete answer');

    // The background check reaches the node.
    front.forget();
    const run = await wallet.onCronjob({ method: 'refreshTransactions' });
    expect(JSON.parse(JSON.stringify(run.response))).toStrictEqual({
      result: null,
    });
    expect(front.roundTrips()).toBeGreaterThan(0);
  });
});
