import { ComponentOrElementStruct } from '@metamask/snaps-sdk';
import {
  Banner,
  Box,
  Copyable,
  Heading,
  Row,
  Section,
  Text,
} from '@metamask/snaps-sdk/jsx';
import { create, Struct } from '@metamask/superstruct';

import { shapedForMetaMask } from './metaMaskShape';

/**
 * How many of MetaMask's checks of some content miss: snap_createInterface
 * runs `create(params, …)` with snaps-sdk's ComponentOrElementStruct, and
 * every failed `validate` on the way builds an error.
 *
 * @param content - The content.
 * @returns The misses, and the content as MetaMask keeps it.
 */
function checkedByMetaMask(content: unknown): {
  misses: number;
  kept: unknown;
} {
  const validate = jest.spyOn(Struct.prototype, 'validate');
  try {
    const kept = create(content, ComponentOrElementStruct);
    const misses = validate.mock.results.filter(
      ({ value }) => Array.isArray(value) && value[0] !== undefined,
    ).length;
    return { misses, kept };
  } finally {
    validate.mockRestore();
  }
}

/** A dialog the way the snap builds them: header, sections of rows. */
const dialog = (
  <Box>
    <Box>
      <Heading>Sign message</Heading>
      <Section>
        <Box>
          <Row label="Requested by">
            <Text>https://dapp.example</Text>
          </Row>
          <Row label="Network">
            <Text>Testnet</Text>
          </Row>
        </Box>
        <Text>Signer:</Text>
        <Copyable value="0x1234" />
      </Section>
    </Box>
    <Section>
      <Text fontWeight="bold">Message (Mail)</Text>
      <Box>
        <Row label="to (ContractAddress)">
          <Text>0xabc</Text>
        </Row>
        <Section>
          <Text fontWeight="bold">tags (shortstring*)</Text>
          <Box>
            <Row label="#1 (shortstring)">
              <Text>0x1</Text>
            </Row>
          </Box>
        </Section>
      </Box>
    </Section>
  </Box>
);

describe('shapedForMetaMask', () => {
  it('keys every element by its place and states the props drawn when absent', () => {
    expect(
      shapedForMetaMask(
        <Box>
          <Row label="Network">
            <Text>Testnet</Text>
          </Row>
          <Banner title="Careful" severity="warning">
            <Text>Read this.</Text>
          </Banner>
          <Text fontWeight="bold" color="muted">
            Kept as built
          </Text>
        </Box>,
      ),
    ).toStrictEqual({
      type: 'Box',
      key: 'k',
      props: {
        direction: 'vertical',
        alignment: 'start',
        children: [
          {
            type: 'Row',
            key: 'k/children.0',
            props: {
              variant: 'default',
              label: 'Network',
              children: {
                type: 'Text',
                key: 'k/children.0/children',
                props: {
                  size: 'md',
                  fontWeight: 'regular',
                  color: 'default',
                  alignment: 'start',
                  children: 'Testnet',
                },
              },
            },
          },
          {
            type: 'Banner',
            key: 'k/children.1',
            props: {
              title: 'Careful',
              severity: 'warning',
              // A Banner colours its text: colour and alignment inherited.
              children: {
                type: 'Text',
                key: 'k/children.1/children',
                props: {
                  size: 'md',
                  fontWeight: 'regular',
                  children: 'Read this.',
                },
              },
            },
          },
          {
            type: 'Text',
            key: 'k/children.2',
            props: {
              size: 'md',
              fontWeight: 'bold',
              color: 'muted',
              alignment: 'start',
              children: 'Kept as built',
            },
          },
        ],
      },
    });
  });

  it('gives a plain Box in a Section or a nested Box its place, and keeps the Boxes that draw differently', () => {
    const shaped = shapedForMetaMask(
      <Box>
        <Box>
          <Text>The root spaces its children 16 px apart: kept.</Text>
          <Box>
            <Text>In a nested Box: dissolved.</Text>
          </Box>
        </Box>
        <Section>
          <Box>
            <Text>In a Section: dissolved.</Text>
          </Box>
          <Box crossAlignment="center">
            <Text>Centred across: kept.</Text>
          </Box>
          <Box>{null}</Box>
        </Section>
        <Section direction="horizontal">
          <Box>
            <Text>In a row: kept.</Text>
          </Box>
        </Section>
      </Box>,
    );
    const types = (node: unknown): unknown => {
      if (Array.isArray(node)) {
        return node.map(types);
      }
      if (
        typeof node !== 'object' ||
        node === null ||
        !('type' in node) ||
        !('props' in node) ||
        typeof node.props !== 'object' ||
        node.props === null
      ) {
        return node;
      }
      const children = 'children' in node.props ? node.props.children : null;
      return [node.type, types(children)];
    };
    expect(types(shaped)).toStrictEqual([
      'Box',
      [
        [
          'Box',
          [
            ['Text', 'The root spaces its children 16 px apart: kept.'],
            ['Text', 'In a nested Box: dissolved.'],
          ],
        ],
        [
          'Section',
          [
            ['Text', 'In a Section: dissolved.'],
            ['Box', ['Text', 'Centred across: kept.']],
            // An empty Box still takes its gap.
            ['Box', null],
          ],
        ],
        ['Section', ['Box', ['Text', 'In a row: kept.']]],
      ],
    ]);
  });

  it('is content MetaMask accepts as it is, checked with under a fifth of the misses', () => {
    const shaped = shapedForMetaMask(dialog);
    const before = checkedByMetaMask(dialog);
    const after = checkedByMetaMask(shaped);
    expect(after.kept).toStrictEqual(shaped);
    expect(before.misses).toBeGreaterThan(150);
    expect(after.misses * 5).toBeLessThan(before.misses);
  });

  it('keeps what is not an element', () => {
    expect(shapedForMetaMask('text')).toBe('text');
    expect(shapedForMetaMask(null)).toBeNull();
  });
});
