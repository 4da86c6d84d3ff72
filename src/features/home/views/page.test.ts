import { homeFailureContent } from './failure';
import { HOME, VIEWS } from './model';
import type { HomeView, HomeViewName } from './model';
import { homeContent } from './page';

/**
 * The page's views as pure content: what each view draws from one view of
 * the wallet (the chain tier clicks through the same views in the built
 * snap; these hold the rules of the page for any view the code draws).
 */

const ALICE = `0x${'a11ce'.padStart(64, '0')}`;
const BOB = `0x${'b0b'.padStart(64, '0')}`;
const STRK = `0x${'5'.padStart(64, '0')}`;
const TESTNET = {
  name: 'Testnet',
  chainId: '0x534e5f5345504f4c4941',
};

const WALLET: Omit<HomeView, 'place'> = {
  network: TESTNET,
  networks: [
    {
      ...TESTNET,
      nodes: ['https://node.example'],
      paymaster: 'https://paymaster.example',
      chosenPaymaster: false,
    },
  ],
  paymaster: {
    host: 'paymaster.example',
    feeTokens: [{ address: STRK, symbol: 'STRK' }],
  },
  accounts: [
    {
      address: ALICE,
      name: 'Account 0',
      starkName: 'alice.stark',
      deployed: true,
      balances: [{ symbol: 'STRK', decimals: 18, amount: 15n * 10n ** 17n }],
    },
    {
      address: BOB,
      name: 'Account 1',
      deployed: false,
      balances: [{ symbol: 'STRK', decimals: 18, unreadable: 'not a u256' }],
    },
  ],
  tokens: [
    {
      address: STRK,
      symbol: 'STRK',
      name: 'Starknet Token',
      decimals: 18,
      logo: undefined,
      removable: false,
    },
  ],
  sites: [{ origin: 'https://dapp.example', accounts: [ALICE] }],
  activity: { entries: [], more: true, shown: 0 },
};

type Drawn = { type: string; props: Record<string, unknown> };

/**
 * Every element of a content tree, depth first.
 *
 * @param node - The tree (or a child of it).
 * @returns Its elements.
 */
function elementsOf(node: unknown): Drawn[] {
  if (Array.isArray(node)) {
    return node.flatMap(elementsOf);
  }
  if (
    typeof node !== 'object' ||
    node === null ||
    !('type' in node) ||
    !('props' in node) ||
    typeof node.type !== 'string' ||
    typeof node.props !== 'object' ||
    node.props === null
  ) {
    return [];
  }
  const props: Record<string, unknown> = { ...node.props };
  return [{ type: node.type, props }, ...elementsOf(props.children)];
}

/**
 * A view of the wallet drawn.
 *
 * @param view - Which view.
 * @param receiving - Receive: the account chosen.
 * @returns Its elements.
 */
function drawn(view: HomeViewName, receiving?: string): Drawn[] {
  return elementsOf(
    homeContent({
      ...WALLET,
      place: receiving === undefined ? { view } : { view, receiving },
    }),
  );
}

const INPUTS = new Set(['Input', 'Dropdown', 'Checkbox', 'Selector', 'Radio']);

/**
 * The buttons' names.
 *
 * @param elements - Drawn elements.
 * @returns Their names.
 */
function buttons(elements: Drawn[]): unknown[] {
  return elements
    .filter(({ type }) => type === 'Button')
    .map(({ props }) => props.name);
}

describe("the page's views", () => {
  it('opens on an overview whose one input is the network switch, every account at its full address, and a button for each view', () => {
    const overview = drawn('overview');
    expect(overview.filter(({ type }) => INPUTS.has(type)).length).toBe(1);
    const copied = overview
      .filter(({ type }) => type === 'Copyable')
      .map(({ props }) => props.value);
    expect(copied).toStrictEqual([ALICE, BOB]);
    expect(buttons(overview)).toStrictEqual(
      expect.arrayContaining([
        ...VIEWS.filter((view) => view !== 'overview').map(
          (view) => `${HOME.view}${view}`,
        ),
        HOME.refresh,
      ]),
    );
    expect(buttons(overview)).not.toContain(`${HOME.view}overview`);
  });

  it.each(VIEWS.filter((view) => view !== 'overview'))(
    'draws %s with Back to the overview and Refresh',
    (view) => {
      const shown = drawn(view);
      expect(buttons(shown)).toStrictEqual(
        expect.arrayContaining([`${HOME.view}overview`, HOME.refresh]),
      );
    },
  );

  it('keeps each form in its own view: the send form in Send, the network forms in Settings, none on the overview', () => {
    const formsOf = (view: HomeViewName): unknown[] =>
      drawn(view)
        .filter(({ type }) => type === 'Form')
        .map(({ props }) => props.name);
    expect(formsOf('overview')).toStrictEqual([]);
    expect(formsOf('send')).toStrictEqual([HOME.send]);
    expect(formsOf('settings')).toStrictEqual(
      expect.arrayContaining([HOME.addNetwork]),
    );
    expect(formsOf('settings')).not.toContain(HOME.send);
  });

  it("asks which account Receive is for, then shows that account's full address and its QR code", () => {
    const asking = drawn('receive');
    expect(asking.some(({ type }) => type === 'Image')).toBe(false);
    const receiving = drawn('receive', BOB);
    expect(
      receiving
        .filter(({ type }) => type === 'Copyable')
        .map(({ props }) => props.value),
    ).toStrictEqual([BOB]);
    const image = receiving.find(({ type }) => type === 'Image');
    expect(String(image?.props.src)).toMatch(/^<svg/u);
  });

  it('shows why the wallet cannot be read, with a way to try again', () => {
    const failure = elementsOf(homeFailureContent('state unreadable', 'again'));
    expect(buttons(failure)).toStrictEqual(['again']);
    expect(
      failure.some(
        ({ type, props }) =>
          type === 'Text' && props.children === 'state unreadable',
      ),
    ).toBe(true);
  });
});
