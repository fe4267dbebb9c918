/**
 * The report's interactive plots: a study with more variants with solutions than they are made
 * for gets static plots, and the data says why.
 */
import { describe, expect, it } from 'vitest';
import { MAX_INTERACTIVE_VARIANTS, interactiveData } from '../../src/product/report/interactive.js';
import { studyManifest } from './study-fixture.js';

describe(`a study of more than ${MAX_INTERACTIVE_VARIANTS.toLocaleString('en-US')} variants with solutions`, () => {
  it('gets static plots, and a report that says why', () => {
    const manifest = studyManifest({ variants: MAX_INTERACTIVE_VARIANTS + 1, failed: [], points: 1 });
    const interactive = interactiveData(manifest, [], { links: new Map(), unpacked: false });
    expect(interactive).toEqual({ omitted: expect.stringMatching(/^The plots are static images: this study has 20,001 variants with solutions, and the interactive plots .* are made for up to 20,000\.$/) });
  });
});
