import { Banner, Box, Button, Heading, Text } from '@metamask/snaps-sdk/jsx';
import type { JSXElement } from '@metamask/snaps-sdk/jsx';

import { accountsContent } from './accounts';
import { activitySection } from './activity';
import { homeFailureContent } from './failure';
import { HOME } from './model';
import type { HomePlace, HomeView, HomeViewName } from './model';
import { overviewContent } from './overview';
import { receiveContent } from './receive';
import { sendContent } from './send';
import { settingsContent } from './settings';
import { tokensContent } from './tokens';
import { displayOf } from './worth';
import { visibleContent } from '../../../ui/visibleContent';
import { stakeContent } from '../../staking/views/stake';
import { swapContent } from '../../swap/views/swap';

/**
 * The snap's home page in MetaMask, where the user lives: an overview (the
 * network, each account with what it holds, and a button per thing the
 * wallet does), and a view for each of those things with its way back. This
 * module draws the frame around the current view and owns the page's
 * interface, where the view is kept (its context); ../events.ts acts on the
 * page's events through the same state module and dialogs as the methods.
 */

/** Each view's content, by name (see views/<name>.tsx). */
const CONTENT: Record<HomeViewName, (view: HomeView) => JSXElement> = {
  overview: overviewContent,
  send: sendContent,
  receive: receiveContent,
  activity: (view) =>
    activitySection(
      view.activity ?? { entries: [], more: false, shown: 0 },
      displayOf(view).locale,
    ),
  tokens: (view) =>
    tokensContent(view.network.chainId, view.tokens, view.tokenList),
  accounts: (view) => accountsContent(view.network.name, view.accounts),
  settings: settingsContent,
  stake: (view) =>
    stakeContent(
      view.staking ?? {
        network: view.network,
        accounts: [],
        positions: [],
        validators: [],
        now: 0,
      },
      displayOf(view),
    ),
  swap: swapContent,
};

/**
 * The page: its title, the outcome of the last action and the node's
 * trouble on top, the current view, and a way back from it.
 *
 * @param view - What to show.
 * @returns The page's content.
 */
export function homeContent(view: HomeView): JSXElement {
  const overview = view.place.view === 'overview';
  return (
    <Box>
      <Heading>Starknet Wallet</Heading>
      {overview ? null : (
        <Box direction="horizontal" alignment="space-between">
          <Button name={`${HOME.view}overview`}>Back</Button>
          <Button name={HOME.refresh}>Refresh</Button>
        </Box>
      )}
      {view.notice ? (
        <Banner
          title={view.notice.severity === 'info' ? 'Done' : 'Not done'}
          severity={view.notice.severity}
        >
          <Text>{view.notice.text}</Text>
        </Banner>
      ) : null}
      {view.nodeError ? (
        <Banner title="Node unavailable" severity="warning">
          <Text>{view.nodeError}</Text>
        </Banner>
      ) : null}
      {CONTENT[view.place.view](view)}
    </Box>
  );
}

/** The page, or why it cannot be read (see failure.tsx). */
export type HomeShown = HomeView | { failure: string };

/**
 * @param shown - The page, or why it cannot be read.
 * @returns Its content.
 */
function contentOf(shown: HomeShown): JSXElement {
  return visibleContent(
    'failure' in shown
      ? homeFailureContent(shown.failure, HOME.refresh)
      : homeContent(shown),
  );
}

/** Forms drawn by this process (with the time, an id for each drawing). */
let formsDrawn = 0;

/**
 * A new id for a drawing of a view's forms (see HomePlace.form): the time
 * and a count, so that no two drawings share one, across restarts too.
 *
 * @returns The id.
 */
function newFormId(): string {
  formsDrawn += 1;
  return `${Date.now().toString(36)}.${formsDrawn.toString(36)}`;
}

/**
 * The interface's context: where the user is, the network the view is drawn
 * on, and the drawing of its forms (kept while the view is redrawn, new when
 * the place has none: a view opened, or a form of it sent).
 *
 * @param shown - What is shown.
 * @param place - The view shown.
 * @returns The context.
 */
function contextOf(shown: HomeShown, place: HomePlace): HomePlace {
  const { emptyForms: _once, chainId: _drawnBefore, ...kept } = place;
  return {
    ...kept,
    ...('failure' in shown ? {} : { chainId: shown.network.chainId }),
    form: place.form ?? newFormId(),
  };
}

/**
 * Creates the page's interface, the view it shows kept in its context.
 *
 * @param shown - What to show.
 * @param place - The view shown.
 * @returns Its id.
 */
export async function createHomeInterface(
  shown: HomeShown,
  place: HomePlace,
): Promise<string> {
  return snap.request({
    method: 'snap_createInterface',
    params: { ui: contentOf(shown), context: contextOf(shown, place) },
  });
}

/**
 * Shows a new state of the page. Its forms keep what the user typed: an
 * input drawn again under the same name keeps its value.
 *
 * @param id - The interface.
 * @param shown - What to show.
 * @param place - The view shown, kept in the interface's context.
 */
export async function updateHomeInterface(
  id: string,
  shown: HomeShown,
  place: HomePlace,
): Promise<void> {
  await snap.request({
    method: 'snap_updateInterface',
    params: {
      id,
      ui: contentOf(shown),
      context: contextOf(shown, place),
    },
  });
}
