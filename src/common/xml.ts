/** Text for XML and HTML alike (xlsx parts, SVG, the report): values come from study files and may hold anything. */

// Characters XML 1.0 cannot hold at all; the text loses them rather than making the file unreadable.
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Safe as element text and as a quoted attribute value. */
export function escapeXml(text: string): string {
  return text.replace(NOT_XML, '').replace(/[&<>"']/g, (c) => ENTITIES[c]);
}
