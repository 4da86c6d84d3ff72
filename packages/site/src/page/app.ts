/* eslint-disable no-restricted-globals -- browser code: the DOM is its environment */
import type { SnapClient, SnapParams } from '@snapnet/client';

import { byId, fieldValue } from './dom';
import type { ListedAccount, Token } from './storage';
import { PageStorage } from './storage';
import { exampleTypedData } from './typed-data';
import { parseAmount } from './units';
import type { BalanceRow } from './view';
import {
  isFinal,
  showAccounts,
  showBalances,
  showHistory,
  showNetwork,
  showResult,
  showTokenChoices,
} from './view';

/** How often the history is re-read while a transaction is not final. */
const HISTORY_POLL_MS = 2000;

const U128 = 2n ** 128n;

/**
 * The two felts of a u256 amount (Cairo's calldata order).
 *
 * @param amount - The amount.
 * @returns Its low and high 128 bits, as hex.
 */
function u256(amount: bigint): [string, string] {
  return [
    `0x${(amount % U128).toString(16)}`,
    `0x${(amount / U128).toString(16)}`,
  ];
}

/**
 * The connected page: every action goes through the snap client and shows
 * its outcome. Actions throw; the caller shows the error.
 */
export class App {
  readonly client: SnapClient;

  readonly #report: (error: unknown) => void;

  chainId = '';

  accounts: ListedAccount[] = [];

  selected: string | undefined;

  #storage: PageStorage | undefined;

  #historyTimer: ReturnType<typeof setTimeout> | undefined;

  /**
   * @param client - The connected snap client.
   * @param report - Shows a failure of work the page starts on its own
   * (history polling, account selection).
   */
  constructor(client: SnapClient, report: (error: unknown) => void) {
    this.client = client;
    this.#report = report;
  }

  /**
   * What the page remembers for the current network.
   *
   * @returns It.
   */
  get storage(): PageStorage {
    this.#storage ??= new PageStorage(this.client.snapId, this.chainId);
    return this.#storage;
  }

  /**
   * Reads the network, then shows its accounts, balances and history.
   */
  async load(): Promise<void> {
    const network = await this.client.invoke('snapnet_getCurrentNetwork');
    this.chainId = network.chainId;
    this.#storage = undefined;
    showNetwork(network);
    byId('sign-data', HTMLTextAreaElement).value = exampleTypedData(
      network.chainId,
    );
    for (const id of [
      'account-result',
      'send-result',
      'token-result',
      'sign-result',
    ]) {
      showResult(id, '');
    }
    this.accounts = this.storage.accounts();
    this.selected = this.accounts[0]?.address;
    this.#showAccounts();
    showTokenChoices(this.storage.tokens());
    await this.refresh();
  }

  /**
   * Re-reads the balances and the history of the selected account.
   */
  async refresh(): Promise<void> {
    await Promise.all([this.refreshBalances(), this.refreshHistory()]);
  }

  /**
   * Asks the snap to switch network (MetaMask asks the user).
   *
   * @param chainId - The network to switch to.
   */
  async switchNetwork(chainId: string): Promise<void> {
    const switched = await this.client.invoke('snapnet_switchNetwork', {
      chainId,
    });
    if (!switched) {
      throw new Error('The network was not switched (declined or not served).');
    }
    await this.load();
  }

  /**
   * Creates the account at the next index the page has not listed; MetaMask
   * asks the user to share it with this page.
   */
  async createAccount(): Promise<void> {
    const addressIndex =
      this.accounts.reduce(
        (highest, account) => Math.max(highest, account.addressIndex),
        -1,
      ) + 1;
    const { address, transaction_hash: hash } = await this.client.invoke(
      'snapnet_createAccount',
      { addressIndex, deploy: false, chainId: this.chainId },
    );
    this.#list([{ address, addressIndex, deployed: hash !== '' }], address);
    showResult(
      'account-result',
      `Created account #${addressIndex}: ${address}`,
    );
    await this.refresh();
  }

  /**
   * Lists the deployed accounts of this secret recovery phrase; MetaMask
   * asks the user before sharing those this page was not given. Accounts
   * the page listed but did not deploy yet stay listed.
   */
  async recoverAccounts(): Promise<void> {
    const found = await this.client.invoke('snapnet_recoverAccounts', {
      startScanIndex: 0,
      maxScanned: 20,
      // A few undeployed indices in a row end the scan, so that an index
      // the page created but never deployed does not hide the next ones.
      maxMissed: 5,
      chainId: this.chainId,
    });
    // The snap returns deployed accounts only.
    this.#list(
      found.map((each) => ({
        address: each.address,
        addressIndex: each.addressIndex,
        deployed: true,
      })),
      this.selected ?? found[0]?.address,
    );
    showResult('account-result', `Recovered ${found.length} account(s).`);
    await this.refresh();
  }

  /**
   * Deploys the selected account (MetaMask shows the fee and asks).
   */
  async deploy(): Promise<void> {
    const account = this.#selectedAccount();
    const { transaction_hash: hash } = await this.client.invoke(
      'snapnet_createAccount',
      {
        addressIndex: account.addressIndex,
        deploy: true,
        chainId: this.chainId,
      },
    );
    this.#list([{ ...account, deployed: true }], account.address);
    showResult(
      'account-result',
      hash
        ? `Deployment sent: ${hash}`
        : `Account #${account.addressIndex} is deployed.`,
    );
    await this.refresh();
  }

  /**
   * Reads the balance of every tracked token of the selected account.
   */
  async refreshBalances(): Promise<void> {
    const address = this.selected;
    const tokens = this.storage.tokens();
    showTokenChoices(tokens);
    if (!address) {
      showBalances([]);
      return;
    }
    showBalances(
      await Promise.all(
        tokens.map(async (token): Promise<BalanceRow> => {
          try {
            const balance = await this.client.invoke(
              'snapnet_getErc20TokenBalance',
              {
                tokenAddress: token.address,
                userAddress: address,
                chainId: this.chainId,
              },
            );
            return {
              token,
              latest: BigInt(balance.balanceLatest),
              pending: BigInt(balance.balancePending),
            };
          } catch (error) {
            return {
              token,
              error: error instanceof Error ? error.message : String(error),
            };
          }
        }),
      ),
    );
  }

  /**
   * Sends a token transfer from the selected account (MetaMask asks).
   *
   * @param form - The send form.
   */
  async send(form: HTMLFormElement): Promise<void> {
    const account = this.#selectedAccount();
    const token = this.storage
      .tokens()
      .find((each) => each.address === fieldValue(form, 'token'));
    if (!token) {
      throw new Error('Choose a token to send.');
    }
    const amount = parseAmount(fieldValue(form, 'amount'), token.decimals);
    const recipient = fieldValue(form, 'recipient');
    const { transaction_hash: hash } = await this.client.invoke(
      'snapnet_executeTxn',
      {
        address: account.address,
        calls: [
          {
            contractAddress: token.address,
            entrypoint: 'transfer',
            calldata: [recipient, ...u256(amount)],
          },
        ],
        chainId: this.chainId,
      },
    );
    this.#list([{ ...account, deployed: true }], account.address);
    showResult('send-result', `Sent: ${hash}`);
    await this.refresh();
  }

  /**
   * Tracks a new ERC-20 in the snap (MetaMask asks) and on this page.
   *
   * @param form - The token form.
   */
  async addToken(form: HTMLFormElement): Promise<void> {
    const decimals = fieldValue(form, 'tokenDecimals');
    const added = await this.client.invoke('snapnet_addErc20Token', {
      tokenAddress: fieldValue(form, 'tokenAddress'),
      tokenName: fieldValue(form, 'tokenName'),
      tokenSymbol: fieldValue(form, 'tokenSymbol'),
      ...(decimals === '' ? {} : { tokenDecimals: Number(decimals) }),
      chainId: this.chainId,
    });
    const token: Token = {
      address: added.address,
      symbol: added.symbol,
      decimals: added.decimals,
    };
    this.storage.addToken(token);
    showResult('token-result', `Added ${added.symbol} (${added.address}).`);
    await this.refreshBalances();
  }

  /**
   * Signs the typed data in the form with the selected account.
   *
   * @param form - The signing form.
   */
  async sign(form: HTMLFormElement): Promise<void> {
    const account = this.#selectedAccount();
    let typedDataMessage: SnapParams<'snapnet_signMessage'>['typedDataMessage'];
    try {
      // The snap checks the shape and names the part at fault.
      typedDataMessage = JSON.parse(fieldValue(form, 'typedDataMessage'));
    } catch {
      throw new Error('The typed data is not valid JSON.');
    }
    const signature = await this.client.invoke('snapnet_signMessage', {
      typedDataMessage,
      signerAddress: account.address,
      chainId: this.chainId,
    });
    showResult('sign-result', `Signature (r,s): ${signature}`);
  }

  /**
   * Reads the selected account's history; while a transaction is not final
   * it is read again every two seconds.
   */
  async refreshHistory(): Promise<void> {
    clearTimeout(this.#historyTimer);
    this.#historyTimer = undefined;
    const address = this.selected;
    if (!address) {
      showHistory([]);
      return;
    }
    const answer = await this.client.invoke('snapnet_getTransactions', {
      senderAddress: address,
      pageSize: 10,
      txnsInLastNumOfDays: 5,
      withDeployTxn: true,
      onlyFromState: false,
      chainId: this.chainId,
    });
    if (address !== this.selected) {
      return;
    }
    // The array form: asked without `reportPartial`.
    showHistory(answer);
    if (answer.some((record) => !isFinal(record.status))) {
      this.#historyTimer = setTimeout(() => {
        this.refreshHistory().catch(this.#report);
      }, HISTORY_POLL_MS);
    }
  }

  /**
   * Selects an account and shows its balances and history.
   *
   * @param address - The account.
   */
  async select(address: string): Promise<void> {
    this.selected = address;
    this.#showAccounts();
    await this.refresh();
  }

  /**
   * The selected account.
   *
   * @returns It.
   */
  #selectedAccount(): ListedAccount {
    const account = this.accounts.find(
      (each) => each.address === this.selected,
    );
    if (!account) {
      throw new Error('Create or recover an account first.');
    }
    return account;
  }

  /**
   * Remembers accounts and shows the list.
   *
   * @param accounts - New or updated accounts.
   * @param selected - The account to select.
   */
  #list(accounts: ListedAccount[], selected: string | undefined): void {
    this.accounts = this.storage.saveAccounts(accounts);
    this.selected = selected;
    this.#showAccounts();
  }

  /**
   * Shows the account list.
   */
  #showAccounts(): void {
    showAccounts(this.accounts, this.selected, (address) => {
      this.select(address).catch(this.#report);
    });
  }
}
