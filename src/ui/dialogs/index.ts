// Every dialog of the snap, by subject; all are opened through ./open.
export {
  confirmNodeSeesAccounts,
  confirmRevealPrivateKey,
  confirmShareAccounts,
  showPrivateKey,
} from './accounts';
export { confirmOutsideExecution, confirmSignMessage } from './message';
export {
  confirmAddNetwork,
  confirmChangeNode,
  confirmChangePaymaster,
  confirmSwitchNetwork,
  tellNetworkNotAdded,
} from './network';
export { confirmAddToken } from './token';
export { assertCallsShowable, confirmTransaction } from './transaction';
export type { TransactionView } from './transaction';
