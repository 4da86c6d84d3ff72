import {
  Box,
  Button,
  Field,
  Form,
  Input,
  Row,
  Section,
  Text,
} from '@metamask/snaps-sdk/jsx';
import type { JSXElement } from '@metamask/snaps-sdk/jsx';

import { dateText } from '../../../prices/dates';
import { amountText } from '../../../prices/money';
import type { MoneyDisplay } from '../../../prices/money';
import { ONE_SHARE } from '../../../staking/vault';
import { durationText } from '../../../ui/stakingWords';
import { fromField } from '../../home/views/fromField';
import { STAKE } from '../model';
import type { LiquidView, StakingView } from '../model';

/**
 * The Stake view's liquid part, beside delegation: Endur's xSTRK. Each
 * account's xSTRK with its value in STRK at the vault's rate, an unstake
 * form (through the withdrawal queue) and its requests, claimable once
 * ready; the rate and an estimate of its yearly yield; a stake form.
 */

const STRK = { symbol: 'STRK', decimals: 18 };
const XSTRK = { symbol: 'xSTRK', decimals: 18 };

/**
 * The rate and its yield, as the view says them.
 *
 * @param liquid - The liquid part.
 * @param display - The user's locale, and whether amounts are hidden.
 * @returns The rows.
 */
function rateRows(liquid: LiquidView, display: MoneyDisplay): JSXElement {
  const { rate, yearly } = liquid;
  const { locale } = display;
  return (
    <Box>
      <Row label="Rate">
        <Text>
          {rate === undefined
            ? 'not read'
            : `1 xSTRK = ${amountText(rate, STRK, display)}`}
        </Text>
      </Row>
      <Row label="Yearly yield">
        <Text>
          {yearly === undefined
            ? 'not estimated yet: the wallet compares the rate with a past block once it has one'
            : `about ${yearly.percent.toFixed(2)} % a year (estimate from the rate's change on chain since ${dateText(yearly.since, locale)})`}
        </Text>
      </Row>
    </Box>
  );
}

/**
 * One account's xSTRK, its unstake form and its requests.
 *
 * @param account - The account.
 * @param account.address - Its address.
 * @param account.name - Its name.
 * @param view - The view (its time).
 * @param liquid - The liquid part.
 * @param display - The user's locale, and whether amounts are hidden.
 * @returns Its box.
 */
function holdingBox(
  account: { address: string; name: string },
  view: StakingView,
  liquid: LiquidView,
  display: MoneyDisplay,
): JSXElement {
  const shares = liquid.holdings.find(
    ({ member }) => member === account.address,
  )?.shares;
  const requests = liquid.requests.filter(
    ({ member }) => member === account.address,
  );
  const worth =
    shares === undefined || liquid.rate === undefined
      ? undefined
      : (shares * liquid.rate) / ONE_SHARE;
  const wait =
    liquid.wait === undefined
      ? "the queue's wait"
      : `about ${durationText(BigInt(liquid.wait))}`;
  return (
    <Box>
      <Text fontWeight="bold">{account.name}</Text>
      <Row label="xSTRK">
        <Text>
          {shares === undefined
            ? 'not read'
            : `${amountText(shares, XSTRK, display)}${worth === undefined ? '' : ` ≈ ${amountText(worth, STRK, display)}`}`}
        </Text>
      </Row>
      {requests.map((request) => (
        <Box>
          <Row label={`Withdrawal #${request.id}`}>
            <Text>
              {`${amountText(request.assets, STRK, display)}, ${request.claimableAt <= view.now ? 'ready to claim' : `claimable at ${dateText(request.claimableAt, display.locale)}`}`}
            </Text>
          </Row>
          {request.claimableAt <= view.now ? (
            <Button
              name={`${STAKE.liquidClaim}${account.address}:${request.id}`}
            >{`Claim #${request.id}`}</Button>
          ) : null}
        </Box>
      ))}
      {shares !== undefined && shares > 0n ? (
        <Form name={`${STAKE.liquidExit}${account.address}`}>
          <Field
            label={`Unstake (xSTRK, up to ${amountText(shares, XSTRK, display)})`}
          >
            <Input
              name={`${STAKE.liquidExit}${account.address}:amount`}
              placeholder="10"
            />
          </Field>
          <Text>
            {`The STRK goes through Endur's withdrawal queue: claimable after ${wait}, then claimed here.`}
          </Text>
          <Button
            type="submit"
            name={`${STAKE.liquidExit}${account.address}:submit`}
          >
            Review the unstake
          </Button>
        </Form>
      ) : null}
    </Box>
  );
}

/**
 * The liquid part of the Stake view.
 *
 * @param view - The view.
 * @param liquid - Its liquid part.
 * @param display - The user's locale, and whether amounts are hidden.
 * @returns Its section.
 */
export function liquidSection(
  view: StakingView,
  liquid: LiquidView,
  display: MoneyDisplay,
): JSXElement {
  return (
    <Section>
      <Text fontWeight="bold">Liquid staking with Endur (xSTRK)</Text>
      <Text>
        Stake STRK for xSTRK, which earns as the vault's rate rises and stays
        yours to hold or move; unstaking goes through Endur's withdrawal queue.
      </Text>
      {rateRows(liquid, display)}
      {view.accounts.map((account) =>
        holdingBox(account, view, liquid, display),
      )}
      <Form name={STAKE.liquidStake}>
        {fromField(`${STAKE.liquidStake}:from`, view.accounts)}
        <Field label="Amount (STRK)">
          <Input name={`${STAKE.liquidStake}:amount`} placeholder="100" />
        </Field>
        <Text>
          One transaction: the approval of this amount to Endur's vault, and the
          deposit, for this account.
        </Text>
        <Button type="submit" name={`${STAKE.liquidStake}:submit`}>
          Review the liquid stake
        </Button>
      </Form>
    </Section>
  );
}
