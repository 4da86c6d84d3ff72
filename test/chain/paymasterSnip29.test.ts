import { describePaymasterDeployments } from './paymasterDeployments';

// The same deployments against a paymaster that answers as SNIP-29's own
// document reads (the local node's `snip29` dialect).
describePaymasterDeployments('snip29');
