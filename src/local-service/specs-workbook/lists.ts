/** Lists inside one cell: "a; b" entries and "x, y" items, some of which hold JSON. */

/**
 * Splits at `separator` where it is not inside JSON brackets or quotes, trimming parts and dropping
 * empty ones, so `k: input 1, seasonality [{"month":"MAY","value":1}]` keeps its JSON whole.
 */
export function splitOutside(text: string, separator: ';' | ','): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '\\') i++;
      else if (c === '"') quoted = false;
    } else if (c === '"') quoted = true;
    else if (c === '[' || c === '{') depth++;
    else if (c === ']' || c === '}') depth--;
    else if (c === separator && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts.map((p) => p.trim()).filter((p) => p !== '');
}

/** `key: rest` → [key, rest]; keys never hold a colon (the reader refuses such keys). */
export function splitKey(entry: string): [string, string] | undefined {
  const colon = entry.indexOf(':');
  if (colon <= 0) return undefined;
  return [entry.slice(0, colon).trim(), entry.slice(colon + 1).trim()];
}

const NUMBER = /^[-+]?(\d+(\.\d*)?|\.\d+)(e[-+]?\d+)?$/i;

/** A number written in a list item, or undefined if the text is not one. */
export function parseNumber(text: string): number | undefined {
  return NUMBER.test(text) ? Number(text) : undefined;
}
