import {
  Box,
  Button,
  Copyable,
  Dropdown,
  Field,
  Form,
  Input,
  Option,
  Row,
  Section,
  Text,
} from '@metamask/snaps-sdk/jsx';
import type { JSXElement } from '@metamask/snaps-sdk/jsx';

import { liquidSection } from './liquid';
import { dateText } from '../../../prices/dates';
import { amountText, unitsText } from '../../../prices/money';
import type { MoneyDisplay } from '../../../prices/money';
import { REWARD_TOKEN } from '../../../staking/protocol';
import { fromField } from '../../home/views/fromField';
import { positionName, STAKE } from '../model';
import type {
  PositionView,
  StakingView,
  TokenShown,
  ValidatorView,
} from '../model';

/**
 * The Stake view: each account's positions (validator, token, staked,
 * unclaimed rewards, commission, a pending exit and when it can be
 * withdrawn) with their actions, a form to stake, and the validators to
 * choose from. Every action goes to the wallet's confirmation, the one
 * Send uses; the dropdowns carry no value of their own, so that a redraw
 * keeps the user's choices.
 */

/** Rewards are paid in STRK, whatever the pool's token (BTC pools too). */
const STRK_REWARDS = { symbol: 'STRK', decimals: 18 };

/**
 * A commission in basis points as a percentage.
 *
 * @param bps - Basis points (10,000 = 100 %).
 * @param locale - The user's locale.
 * @returns E.g. "5 %", "12.5 %" (en), "12,5 %" (de).
 */
export function commissionText(bps: number, locale: string): string {
  return `${unitsText(BigInt(bps), 2, locale)} %`;
}

/**
 * A duration in words, to the minute (seconds under one).
 *
 * @param seconds - The duration.
 * @returns E.g. "5 min", "6 d 23 h 59 min".
 */
export function durationText(seconds: number): string {
  if (seconds < 60) {
    return `${seconds} s`;
  }
  const minutes = Math.ceil(seconds / 60);
  const parts = [
    [Math.floor(minutes / 1440), 'd'],
    [Math.floor((minutes % 1440) / 60), 'h'],
    [minutes % 60, 'min'],
  ] as const;
  return parts
    .filter(([count]) => count > 0)
    .map(([count, unit]) => `${count} ${unit}`)
    .join(' ');
}

/**
 * A pending exit: how much, and the time left or that it can be withdrawn.
 *
 * @param exit - The exit.
 * @param exit.amount - What is on its way out.
 * @param exit.at - When it can be withdrawn (seconds).
 * @param token - The pool's token.
 * @param now - The time the view was read at.
 * @param display - The user's locale, and whether amounts are hidden.
 * @returns Its line.
 */
export function exitText(
  exit: { amount: bigint; at: number },
  token: TokenShown,
  now: number,
  display: MoneyDisplay,
): string {
  const amount = amountText(exit.amount, token, display);
  return exit.at <= now
    ? `${amount}, ready to withdraw`
    : `${amount}, ${durationText(exit.at - now)} left (at ${dateText(exit.at, display.locale)})`;
}

/**
 * A validator as a line: its name when it has one, and its address.
 *
 * @param validator - The validator.
 * @param validator.staker - Its address.
 * @param validator.starkName - Its Starknet ID name, if any.
 * @returns E.g. "alice.stark (0x0123…cdef)".
 */
export function validatorText(validator: {
  staker: string;
  starkName?: string | undefined;
}): string {
  const short = `${validator.staker.slice(0, 6)}…${validator.staker.slice(-4)}`;
  return validator.starkName === undefined
    ? short
    : `${validator.starkName} (${short})`;
}

/**
 * The estimated yearly rate, labelled as an estimate: a percentage for a
 * STRK pool, STRK per whole token for another (BTC pools earn STRK).
 *
 * @param validator - The validator.
 * @param locale - The user's locale.
 * @returns Its text.
 */
export function rateText(validator: ValidatorView, locale: string): string {
  const { yearlyReward, token } = validator;
  if (yearlyReward === undefined) {
    return 'not known';
  }
  if (BigInt(token.address) === BigInt(REWARD_TOKEN)) {
    // 10^18 per whole token is 100 %: two decimals of a percent.
    return `about ${unitsText(yearlyReward / 10n ** 14n, 2, locale)} % a year (estimate)`;
  }
  return `about ${unitsText(yearlyReward, 18, locale)} STRK a year per ${token.symbol} (estimate)`;
}

/**
 * One position with its actions: claim, start an exit (a part or all),
 * withdraw once the wait is over, move a pending exit to another validator.
 *
 * @param position - The position.
 * @param view - The view.
 * @param display - The user's locale, and whether amounts are hidden.
 * @returns Its box.
 */
function positionBox(
  position: PositionView,
  view: StakingView,
  display: MoneyDisplay,
): JSXElement {
  const name = positionName(position);
  if ('unreadable' in position) {
    return (
      <Box>
        <Row label="Validator">
          <Text>{validatorText(position)}</Text>
        </Row>
        <Text>{`Position unreadable: ${position.unreadable}`}</Text>
      </Box>
    );
  }
  const { token, exit } = position;
  const ready = exit !== undefined && exit.at <= view.now;
  const targets = view.validators.filter(
    (validator) =>
      validator.token.address === token.address &&
      validator.pool !== position.pool,
  );
  return (
    <Box>
      <Row label="Validator">
        <Text>{validatorText(position)}</Text>
      </Row>
      <Row label="Staked">
        <Text>{amountText(position.amount, token, display)}</Text>
      </Row>
      <Row label="Unclaimed rewards">
        <Text>{amountText(position.unclaimed, STRK_REWARDS, display)}</Text>
      </Row>
      <Row label="Commission">
        <Text>{commissionText(position.commission, display.locale)}</Text>
      </Row>
      {exit === undefined ? null : (
        <Row label="Pending exit">
          <Text>{exitText(exit, token, view.now, display)}</Text>
        </Row>
      )}
      <Box direction="horizontal" alignment="space-between">
        {position.unclaimed > 0n ? (
          <Button name={`${STAKE.claim}${name}`}>Claim rewards</Button>
        ) : null}
        {ready ? (
          <Button name={`${STAKE.withdraw}${name}`}>Withdraw</Button>
        ) : null}
      </Box>
      {position.amount > 0n || exit !== undefined ? (
        <Form name={`${STAKE.exit}${name}`}>
          <Field
            label={`Unstake (${token.symbol}, up to ${amountText(position.amount + (exit?.amount ?? 0n), token, display)} in all)`}
          >
            <Input name={`${STAKE.exit}${name}:amount`} placeholder="40" />
          </Field>
          <Text>
            {`The amount you want pending in all: a new request replaces the pending exit and restarts the wait for the whole pending amount${view.exitWait === undefined ? '' : ` (${durationText(view.exitWait)})`}; 0 cancels it. The pending amount earns nothing.`}
          </Text>
          <Button type="submit" name={`${STAKE.exit}${name}:submit`}>
            Review the exit
          </Button>
        </Form>
      ) : null}
      {exit !== undefined && targets.length > 0 ? (
        <Form name={`${STAKE.move}${name}`}>
          <Field label="Move the pending exit to">
            <Dropdown name={`${STAKE.move}${name}:to`}>
              {targets.map((target) => (
                <Option
                  value={target.pool}
                >{`${validatorText(target)} · ${target.commission === undefined ? '?' : commissionText(target.commission, display.locale)}`}</Option>
              ))}
            </Dropdown>
          </Field>
          <Field
            label={`Amount (${token.symbol}, up to ${amountText(exit.amount, token, display)})`}
          >
            <Input name={`${STAKE.move}${name}:amount`} placeholder="40" />
          </Field>
          <Button type="submit" name={`${STAKE.move}${name}:submit`}>
            Review the move
          </Button>
        </Form>
      ) : null}
    </Box>
  );
}

/**
 * One account's positions.
 *
 * @param account - The account.
 * @param account.address - Its address.
 * @param account.name - Its name.
 * @param view - The view.
 * @param display - The user's locale, and whether amounts are hidden.
 * @returns Its section.
 */
function accountPositions(
  account: { address: string; name: string },
  view: StakingView,
  display: MoneyDisplay,
): JSXElement {
  const positions = view.positions.filter(
    ({ member }) => member === account.address,
  );
  return (
    <Section>
      <Text fontWeight="bold">{account.name}</Text>
      <Copyable value={account.address} />
      {positions.length === 0 ? <Text>No stake yet.</Text> : null}
      {positions.map((position) => positionBox(position, view, display))}
    </Section>
  );
}

/**
 * The stake form: from which account, with which validator, how much.
 *
 * @param view - The view.
 * @param locale - The user's locale.
 * @returns Its section.
 */
function stakeForm(view: StakingView, locale: string): JSXElement {
  const open = view.validators;
  if (open.length === 0) {
    return <Text>No validator to stake with was found on this network.</Text>;
  }
  return (
    <Section>
      <Text fontWeight="bold">Stake</Text>
      <Form name={STAKE.enter}>
        {fromField(`${STAKE.enter}:from`, view.accounts)}
        <Field label="Validator">
          <Dropdown name={`${STAKE.enter}:pool`}>
            {open.map((validator) => (
              <Option
                value={validator.pool}
              >{`${validatorText(validator)} · ${validator.token.symbol} · ${validator.commission === undefined ? '?' : commissionText(validator.commission, locale)}`}</Option>
            ))}
          </Dropdown>
        </Field>
        <Field label="Amount">
          <Input name={`${STAKE.enter}:amount`} placeholder="100" />
        </Field>
        <Text>
          One transaction: the approval of this amount to the pool, and the
          stake. Rewards go to the staking account.
        </Text>
        <Button type="submit" name={`${STAKE.enter}:submit`}>
          Review the stake
        </Button>
      </Form>
    </Section>
  );
}

/**
 * One validator to choose from.
 *
 * @param validator - The validator.
 * @param display - Whether amounts are hidden.
 * @returns Its box.
 */
function validatorBox(
  validator: ValidatorView,
  display: MoneyDisplay,
): JSXElement {
  return (
    <Box>
      <Text fontWeight="bold">{`${validatorText(validator)} · ${validator.token.symbol}`}</Text>
      <Copyable value={validator.staker} />
      <Row label="Commission">
        <Text>
          {validator.commission === undefined
            ? 'not known'
            : commissionText(validator.commission, display.locale)}
        </Text>
      </Row>
      <Row label="Delegated">
        <Text>
          {validator.delegated === undefined
            ? 'not known'
            : amountText(validator.delegated, validator.token, display)}
        </Text>
      </Row>
      <Row label="Yearly rate">
        <Text>{rateText(validator, display.locale)}</Text>
      </Row>
    </Box>
  );
}

/**
 * The Stake view.
 *
 * @param view - What it shows.
 * @param display - The user's locale, and whether amounts are hidden
 * (every amount, as on the rest of the page).
 * @returns Its content.
 */
export function stakeContent(
  view: StakingView,
  display: MoneyDisplay,
): JSXElement {
  if (view.unavailable !== undefined) {
    return <Text>{view.unavailable}</Text>;
  }
  if (view.accounts.length === 0) {
    return (
      <Text>
        No account on this network yet: create one in Accounts, then stake from
        it here.
      </Text>
    );
  }
  return (
    <Box>
      <Text fontWeight="bold">{`Staking on ${view.network.name}`}</Text>
      {view.problem === undefined ? null : <Text>{view.problem}</Text>}
      {view.accounts.map((account) => accountPositions(account, view, display))}
      {stakeForm(view, display.locale)}
      {view.liquid ? liquidSection(view, view.liquid, display) : null}
      <Section>
        <Text fontWeight="bold">Validators</Text>
        <Text>
          Yearly rates are estimates from the minting curve and the total
          staked, less the commission: what a pool earns changes every epoch.
        </Text>
        {view.validators.map((validator) => validatorBox(validator, display))}
      </Section>
    </Box>
  );
}
