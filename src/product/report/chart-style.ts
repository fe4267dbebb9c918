/**
 * The look the report's charts share (font, colours, markers) and a width estimate for text, so
 * that a chart's notes can be wrapped before anything is drawn.
 */

export const FONT_FAMILY = 'DejaVu Sans, Arial, sans-serif';

/** Ten colours told apart also by most colour-blind readers (Tableau 10). */
export const PALETTE = ['#4e79a7', '#f28e2b', '#e15759', '#76b7b2', '#59a14f', '#edc948', '#b07aa1', '#ff9da7', '#9c755f', '#bab0ac'];

export const MARKERS = ['circle', 'square', 'triangle', 'diamond'] as const;
export type Marker = (typeof MARKERS)[number];

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
