/** The workbook writer's own pieces: joined deflate streams and combined CRCs read back as one entry. */
import { inflateRawSync } from 'node:zlib';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { crc32, crc32Combine } from '../../src/common/crc32.js';
import { escapeXml } from '../../src/common/xml.js';
import { sheetXml } from '../../src/local-service/specs-workbook/xlsx-writer.js';
import { deflated, joined, zipOf } from '../../src/local-service/specs-workbook/zip-entries.js';

const bytes = (text: string) => Buffer.from(text, 'utf8');

describe('crc32Combine', () => {
  it('gives the CRC of the concatenation, for lengths odd, even and large', () => {
    for (const [a, b] of [['', 'x'], ['hello ', 'world'], ['a'.repeat(1000), 'b'.repeat(12_345)], ['ü€', '\u0000\u0001']]) {
      expect(crc32Combine(crc32(bytes(a)), crc32(bytes(b)), bytes(b).length)).toBe(crc32(bytes(a + b)));
    }
  });
});

describe('joined deflate entries', () => {
  it('inflate to head followed by tail, and a zip of them unpacks with its CRC checked', () => {
    const head = '<head>'.repeat(100) + 'ümlaut';
    const tail = '<row r="3"><c r="A3"><v>1</v></c></row>'.repeat(5000);
    const entry = joined(deflated(bytes(head), { final: false }), deflated(bytes(tail)));
    expect(inflateRawSync(entry.deflated).toString('utf8')).toBe(head + tail);
    expect(entry.crc).toBe(crc32(bytes(head + tail)));
    const zip = zipOf([{ name: 'a.xml', entry }, { name: 'b.xml', entry: deflated(bytes('second')) }]);
    const files = unzipSync(zip);
    expect(Buffer.from(files['a.xml']).toString('utf8')).toBe(head + tail);
    expect(Buffer.from(files['b.xml']).toString('utf8')).toBe('second');
  });

  it('refuse a head deflated as final, and a zip entry whose stream does not end', () => {
    expect(() => joined(deflated(bytes('a')), deflated(bytes('b')))).toThrow(/final: false/);
    expect(() => zipOf([{ name: 'open.xml', entry: deflated(bytes('a'), { final: false }) }])).toThrow(/does not end/);
  });
});

describe('sheet XML', () => {
  it('escapes markup, drops characters XML cannot hold, and keeps edge spaces', () => {
    expect(escapeXml('a<b>&"c"\u0001\'')).toBe('a&lt;b&gt;&amp;&quot;c&quot;&#39;');
    const xml = sheetXml({ title: 'T', frozenRows: 1, frozenColumns: 1 }, [[' padded ', 2.5, true, null]]);
    expect(xml).toContain('<c r="A1" t="inlineStr"><is><t xml:space="preserve"> padded </t></is></c>');
    expect(xml).toContain('<c r="B1"><v>2.5</v></c><c r="C1" t="b"><v>1</v></c></row>');
    expect(xml).toContain('state="frozen"');
  });
});
