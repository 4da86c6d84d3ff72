/* eslint-disable no-restricted-globals -- browser code: the DOM is its environment */
import type { SnapResult } from '@snapnet/client';

import { byId, element, row } from './dom';
import type { ShownError } from './errors';
import type { ListedAccount, Token } from './storage';
import { formatUnits } from './units';

export type TransactionRecord = Extract<
  SnapResult<'snapnet_getTransactions'>,
  unknown[]
>[number];

/** A token's balance, or why it could not be read. */
export type BalanceRow = { token: Token } & (
  | { latest: bigint; pending: bigint }
  | { error: string }
);

const FINAL_OK = ['ACCEPTED_ON_L2', 'ACCEPTED_ON_L1'];
const FAILED = ['REVERTED', 'REJECTED'];

/**
 * Whether a transaction status will not change any more.
 *
 * @param status - The status.
 * @returns Whether it is final.
 */
export function isFinal(status: string): boolean {
  return FINAL_OK.includes(status) || FAILED.includes(status);
}

/**
 * A shortened hash or address for tables: `0x1234…abcd`.
 *
 * @param value - The full value.
 * @returns The short form.
 */
function short(value: string): string {
  return value.length > 14 ? `${value.slice(0, 8)}…${value.slice(-6)}` : value;
}

/**
 * Shows the connection state in the header.
 *
 * @param state - `searching`, `found`, `missing` or `connected`.
 * @param text - What to say.
 */
export function showConnection(state: string, text: string): void {
  const connection = byId('connection', HTMLParagraphElement);
  connection.dataset.state = state;
  connection.textContent = text;
  byId('connect', HTMLButtonElement).hidden = state === 'connected';
  byId('wallet', HTMLElement).hidden = state !== 'connected';
}

/**
 * Shows a failure in the alert box (or hides the box), and marks the form
 * field the snap named as invalid.
 *
 * @param shown - The failure, or undefined to clear.
 * @param form - The form the action came from, if any.
 */
export function showError(
  shown: ShownError | undefined,
  form?: HTMLFormElement,
): void {
  const box = byId('error', HTMLDivElement);
  box.hidden = shown === undefined;
  box.textContent = shown?.message ?? '';
  document
    .querySelectorAll('[aria-invalid="true"]')
    .forEach((field) => field.removeAttribute('aria-invalid'));
  const name = shown?.field?.split('.')[0];
  if (form && name) {
    form
      .querySelector(`[data-field="${CSS.escape(name)}"]`)
      ?.setAttribute('aria-invalid', 'true');
  }
}

/**
 * Writes an action's outcome under its section.
 *
 * @param id - The result paragraph's id.
 * @param text - The outcome.
 */
export function showResult(id: string, text: string): void {
  byId(id, HTMLParagraphElement).textContent = text;
}

/**
 * Shows the current network.
 *
 * @param network - Its name and chain id.
 * @param network.name - The name.
 * @param network.chainId - The chain id.
 */
export function showNetwork(network: { name: string; chainId: string }): void {
  byId('network-name', HTMLElement).textContent = network.name;
  byId('network-chain', HTMLElement).textContent = network.chainId;
  byId('switch-chain', HTMLSelectElement).value = network.chainId;
}

/**
 * Lists the accounts, one radio button each.
 *
 * @param accounts - The accounts.
 * @param selected - The selected one's address.
 * @param onSelect - Called with the address the user picks.
 */
export function showAccounts(
  accounts: ListedAccount[],
  selected: string | undefined,
  onSelect: (address: string) => void,
): void {
  const list = byId('accounts', HTMLUListElement);
  list.replaceChildren(
    ...accounts.map((account) => {
      const item = element('li', '', {
        'data-address': account.address,
        'data-deployed': String(account.deployed),
      });
      const label = element('label');
      label.style.flexDirection = 'row';
      label.style.gap = '0.5rem';
      const radio = element('input', '', {
        type: 'radio',
        name: 'account',
        value: account.address,
      });
      radio.checked = account.address === selected;
      radio.addEventListener('change', () => onSelect(account.address));
      label.append(
        radio,
        element('span', `#${account.addressIndex}`),
        element('span', account.address, { class: 'address' }),
        element('span', account.deployed ? 'deployed' : 'not deployed', {
          class: account.deployed ? 'status-ok' : 'status-pending',
        }),
      );
      item.append(label);
      return item;
    }),
  );
  byId('accounts-empty', HTMLParagraphElement).hidden = accounts.length > 0;
  byId('deploy-account', HTMLButtonElement).disabled = selected === undefined;
}

/**
 * Shows the balances of the tracked tokens.
 *
 * @param rows - One per token.
 */
export function showBalances(rows: BalanceRow[]): void {
  byId('balances', HTMLTableSectionElement).replaceChildren(
    ...rows.map((each) => {
      const { token } = each;
      let text: string;
      if ('error' in each) {
        text = `unavailable: ${each.error}`;
      } else {
        text = formatUnits(each.latest, token.decimals);
        if (each.pending !== each.latest) {
          text += ` (pending ${formatUnits(each.pending, token.decimals)})`;
        }
      }
      return row(
        [
          token.symbol,
          text,
          element('span', token.address, { class: 'address' }),
        ],
        { 'data-symbol': token.symbol },
      );
    }),
  );
}

/**
 * Fills the send form's token choice.
 *
 * @param tokens - The tracked tokens.
 */
export function showTokenChoices(tokens: Token[]): void {
  const select = byId('send-token', HTMLSelectElement);
  const previous = select.value;
  select.replaceChildren(
    ...tokens.map((token) =>
      element('option', token.symbol, { value: token.address }),
    ),
  );
  if (tokens.some((token) => token.address === previous)) {
    select.value = previous;
  }
}

/**
 * Shows the transaction history, newest first, with statuses.
 *
 * @param records - The snap's records.
 */
export function showHistory(records: TransactionRecord[]): void {
  byId('history', HTMLTableSectionElement).replaceChildren(
    ...records.map((record) => {
      let statusClass = 'status-pending';
      if (FAILED.includes(record.status)) {
        statusClass = 'status-failed';
      } else if (FINAL_OK.includes(record.status)) {
        statusClass = 'status-ok';
      }
      const status = element('span', record.status, { class: statusClass });
      if (record.failureReason) {
        status.title = record.failureReason;
      }
      return row(
        [
          new Date(record.timestamp * 1000).toLocaleString(),
          record.txnType,
          record.contractFuncName || short(record.contractAddress) || '–',
          status,
          element('code', short(record.txnHash), { title: record.txnHash }),
        ],
        { 'data-hash': record.txnHash, 'data-status': record.status },
      );
    }),
  );
  byId('history-empty', HTMLParagraphElement).hidden = records.length > 0;
}
