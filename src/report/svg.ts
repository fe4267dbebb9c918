/**
 * The little SVG a chart needs, as text: escaping, coordinates, markers, and a width estimate for
 * text, since a chart written without a browser cannot measure what it writes.
 */

export const FONT_FAMILY = 'DejaVu Sans, Arial, sans-serif';

/** Ten colours told apart also by most colour-blind readers (Tableau 10). */
export const PALETTE = ['#4e79a7', '#f28e2b', '#e15759', '#76b7b2', '#59a14f', '#edc948', '#b07aa1', '#ff9da7', '#9c755f', '#bab0ac'];

export const MARKERS = ['circle', 'square', 'triangle', 'diamond'] as const;
export type Marker = (typeof MARKERS)[number];

/** A coordinate to a tenth of a pixel: finer is invisible and only makes the file larger. */
export const px = (value: number): string => String(Math.round(value * 10) / 10);

/** Average advance widths of DejaVu Sans in em, by kind of character; wide enough never to undercount by much. */
export function textWidth(text: string, fontSize: number): number {
  let em = 0;
  for (const c of text) {
    if (/[0-9]/.test(c)) em += 0.64;
    else if (/[A-Z]/.test(c)) em += 0.72;
    else if (/[a-z]/.test(c)) em += 0.6;
    else if (/[\s.,:;'|!ilj]/.test(c)) em += 0.34;
    else em += 0.7;
  }
  return em * fontSize;
}

/** `text` cut to `width` pixels with an ellipsis; the whole text goes in a tooltip where it matters. */
export function fitText(text: string, fontSize: number, width: number): string {
  if (textWidth(text, fontSize) <= width) return text;
  let cut = text;
  while (cut.length > 1 && textWidth(`${cut}…`, fontSize) > width) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}…`;
}

/** Words of `text` in lines of at most `width` pixels. */
export function wrapText(text: string, fontSize: number, width: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const last = lines.at(-1);
    if (last !== undefined && textWidth(`${last} ${word}`, fontSize) <= width) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

/** A marker centred on (x, y) as path data, so thousands of them can share one `<path>`. */
export function markerPath(marker: Marker, x: number, y: number, r: number): string {
  switch (marker) {
    case 'circle':
      return `M${px(x - r)} ${px(y)}a${px(r)} ${px(r)} 0 1 0 ${px(2 * r)} 0a${px(r)} ${px(r)} 0 1 0 ${px(-2 * r)} 0z`;
    case 'square':
      return `M${px(x - r * 0.9)} ${px(y - r * 0.9)}h${px(r * 1.8)}v${px(r * 1.8)}h${px(-r * 1.8)}z`;
    case 'triangle':
      return `M${px(x)} ${px(y - r * 1.15)}L${px(x + r * 1.1)} ${px(y + r * 0.75)}H${px(x - r * 1.1)}z`;
    case 'diamond':
      return `M${px(x)} ${px(y - r * 1.25)}L${px(x + r * 1.1)} ${px(y)}L${px(x)} ${px(y + r * 1.25)}L${px(x - r * 1.1)} ${px(y)}z`;
  }
}
