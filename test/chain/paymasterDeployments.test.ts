import { describePaymasterDeployments } from './paymasterDeployments';

// The test node's paymaster speaks AVNU's dialect, as the service most
// wallets meet on Mainnet and Sepolia.
describePaymasterDeployments('avnu');
