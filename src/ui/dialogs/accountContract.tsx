import { Box, Copyable, Section, Text } from '@metamask/snaps-sdk/jsx';
import type { JSXElement } from '@metamask/snaps-sdk/jsx';

import type { TransactionPreview } from '../../sender/intent';
import { TextRow } from '../components';

/** How each kind of account contract is named. */
const ACCOUNT_CONTRACTS = {
  'argent-cairo1': 'Argent 0.3.1 (Cairo 1: calls encoded as Cairo 1 calldata)',
  'argent-cairo0': 'Argent proxy (Cairo 0: calls encoded as Cairo 0 calldata)',
} as const;

/**
 * The sender's account contract, as far as the signed hash depends on it:
 * its kind (which encodes the calls) and, when it is deployed by this
 * transaction, the class, salt and constructor calldata that the deployment
 * signs.
 *
 * @param preview - The planned transaction.
 * @returns The section.
 */
export function accountContractSection(
  preview: TransactionPreview,
): JSXElement {
  const { kind, deployment } = preview.accountContract;
  const deploys = preview.deploying || preview.intent.type === 'DEPLOY_ACCOUNT';
  return (
    <Section>
      <TextRow label="Account contract">{ACCOUNT_CONTRACTS[kind]}</TextRow>
      {deploys ? (
        <Box>
          <Text>Deployed with class hash:</Text>
          <Copyable value={deployment.classHash} />
          <Text>Salt:</Text>
          <Copyable value={deployment.salt} />
          <Text>{`Constructor calldata (${deployment.constructorCalldata.length}):`}</Text>
          <Copyable value={deployment.constructorCalldata.join(', ')} />
        </Box>
      ) : null}
    </Section>
  );
}
