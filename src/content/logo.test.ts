import { bytesToBase64 } from '@metamask/utils';

import { logoImage } from './logo';
import { ContentError } from './storage';

const PNG = Uint8Array.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13,
]);
const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 16]);
const text = (value: string): Uint8Array => new TextEncoder().encode(value);

describe('logoImage', () => {
  it('shows PNG, JPEG and SVG as a data URI inside an SVG <image>', () => {
    for (const [bytes, type] of [
      [PNG, 'image/png'],
      [JPEG, 'image/jpeg'],
      [text('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/svg+xml'],
      [
        text(
          '<?xml version="1.0"?>\n<!-- made by hand -->\n<svg viewBox="0 0 1 1"></svg>',
        ),
        'image/svg+xml',
      ],
      [text(`<?xml?>${'<!---->'.repeat(30)}\n<svg>`), 'image/svg+xml'],
    ] as const) {
      const image = logoImage(bytes);
      expect(image.startsWith('<svg ')).toBe(true);
      expect(image).toContain(
        `<image href="data:${type};base64,${bytesToBase64(bytes)}"`,
      );
    }
  });

  it('never puts SVG markup of the logo itself into the document', () => {
    const hostile = text(
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script><image href="https://tracker.example/p.png"/></svg>',
    );
    const image = logoImage(hostile);
    expect(image).not.toContain('script');
    expect(image).not.toContain('onload');
    expect(image).not.toContain('tracker.example');
  });

  it.each([
    ['text', text('hello world\n')],
    ['HTML', text('<html><svg></svg></html>')],
    ['not UTF-8', Uint8Array.from([0xc3, 0x28, 0x3c, 0x73])],
    ['empty', new Uint8Array(0)],
    // The 211 bytes a regular expression backtracked on for tens of seconds,
    // and a 64 KiB file of the same (the most a logo may take).
    ['211 bytes of empty comments', text(`${'<!---->'.repeat(30)}x`)],
    ['64 KiB of empty comments', text(`${'<!---->'.repeat(9362)}x`)],
    ['an unclosed comment', text('<!-- <svg></svg>')],
    ['`--` inside a comment', text('<!-- a -- b --><svg></svg>')],
    ['an unclosed XML declaration', text('<?xml version="1.0"><svg></svg>')],
    ['a declaration after a comment', text('<!-- a --><?xml?><svg></svg>')],
  ])('refuses %s', (_name, bytes) => {
    expect(() => logoImage(bytes)).toThrow(ContentError);
    expect(() => logoImage(bytes)).toThrow('not a PNG, JPEG or SVG image');
  });

  it('refuses SVG with a DOCTYPE or entities', () => {
    const entities = text(
      '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaa">]><svg>&a;</svg>',
    );
    expect(() => logoImage(entities)).toThrow('DOCTYPE or entities');
  });
});
