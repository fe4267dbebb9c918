/**
 * A plot's SVG as PNG, for slides and mails that take no SVG. resvg draws it without a browser; it
 * needs the fonts the SVG names (DejaVu Sans, Debian's fonts-dejavu-core) from the system.
 */
import { Resvg } from '@resvg/resvg-js';

/** At twice the SVG's size, so the PNG stays sharp on a high-density screen or a printed page. */
export function svgToPng(svg: string): Uint8Array {
  const resvg = new Resvg(svg, {
    fitTo: { mode: 'zoom', value: 2 },
    font: { loadSystemFonts: true, defaultFontFamily: 'DejaVu Sans' },
    background: '#ffffff',
  });
  return resvg.render().asPng();
}
