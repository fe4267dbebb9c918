/**
 * What the results keep of each variant in memory once the manifest is written: every variant's
 * details (files, each solution's workbook and capacities) while few enough variants have solutions
 * for the report's interactive plots, none of anyone's once more have; and what the manifest's head
 * reads of the outcomes as the records pass by.
 */
import { describe, expect, it } from 'vitest';
import type { VariantRecord } from '../../src/product/study/results/manifest.js';
import { OutcomeReadings } from '../../src/product/study/results/analysis.js';
import { DETAILED_VARIANTS, VariantSummaries } from '../../src/product/study/results/variant-summary.js';
import type { Study } from '../../src/product/study/schema.js';

const solved = (index: number, extra: Partial<VariantRecord> = {}): VariantRecord => ({
  index, key: `v${index}`, name: `study-v${index}`, label: `#${index}`, parameters: { x: index }, status: 'DONE', jobId: `job-${index}`, fingerprint: 'f',
  files: [{ path: `variants/v${index}/results.zip`, sha256: '0'.repeat(64), bytes: 1 }],
  solutions: [{ index: 1, file: 'Solution 1.xlsx', objectives: { MIN_LIFE_CYCLE_COST: 1000 + index }, capacities: [{ item: 'Heat pump', hub: 'School', stage: 'Stage 1', value: index, unit: 'kW' }] }],
  ...extra,
});
const failed = (index: number): VariantRecord => ({ index, key: `v${index}`, name: `study-v${index}`, label: `#${index}`, parameters: { x: index }, status: 'FAILED', reason: 'infeasible', files: [], solutions: [] });

describe('VariantSummaries', () => {
  it('keeps all but the name and fingerprint, details included, up to DETAILED_VARIANTS solved variants', () => {
    const summaries = new VariantSummaries();
    summaries.add(solved(0));
    summaries.add(failed(1));
    expect(summaries.variants).toEqual([
      { index: 0, key: 'v0', label: '#0', parameters: { x: 0 }, status: 'DONE', jobId: 'job-0', files: solved(0).files, solutions: solved(0).solutions },
      { index: 1, key: 'v1', label: '#1', parameters: { x: 1 }, status: 'FAILED', reason: 'infeasible', files: [], solutions: [] },
    ]);
  });

  it('drops every variant\'s details, the earlier ones\' too, once one more has solutions; variants without any do not count', () => {
    const summaries = new VariantSummaries();
    for (let i = 0; i < DETAILED_VARIANTS; i++) summaries.add(solved(i));
    summaries.add(failed(DETAILED_VARIANTS));
    expect(summaries.variants.every((v) => v.files)).toBe(true);
    summaries.add(solved(DETAILED_VARIANTS + 1));
    summaries.add(solved(DETAILED_VARIANTS + 2));
    expect(summaries.variants).toHaveLength(DETAILED_VARIANTS + 3);
    for (const index of [0, DETAILED_VARIANTS - 1, DETAILED_VARIANTS + 2]) {
      expect(summaries.variants[index]).toEqual({
        index, key: `v${index}`, label: `#${index}`, parameters: { x: index }, status: 'DONE', jobId: `job-${index}`,
        solutions: [{ index: 1, objectives: { MIN_LIFE_CYCLE_COST: 1000 + index } }],
      });
    }
    expect(summaries.variants[DETAILED_VARIANTS]).not.toHaveProperty('files');
  });
});

describe('OutcomeReadings', () => {
  const outcomes = [
    { name: 'hp', point: 1 as const, capacity: { technology: 'Heat pump', hub: 'School' } },
    { name: 'lcc', point: 1 as const, objective: 'MIN_LIFE_CYCLE_COST' as const },
  ];
  const study = (method: string) => ({ outcomes, solver: { objective1: 'MIN_LIFE_CYCLE_COST' }, variants: { method } }) as unknown as Study;

  it('takes each unit from the first variant that has a value, not from a problem or an unsolved variant', () => {
    const readings = new OutcomeReadings(study('grid'));
    readings.add(failed(0));
    readings.add(solved(1, { outcomes: { hp: { problem: 'not reported' }, lcc: { value: 1, unit: 'kCHF' } } }));
    readings.add(solved(2, { outcomes: { hp: { value: 2, unit: 'MW' }, lcc: { value: 2, unit: 'CHF' } } }));
    expect(readings.unit(outcomes[0])).toBe('MW');
    expect(readings.unit(outcomes[1])).toBe('kCHF');
  });

  it('falls back on an objective\'s own unit, and on none for other outcomes', () => {
    const readings = new OutcomeReadings(study('grid'));
    readings.add(failed(0));
    expect(readings.unit(outcomes[1])).toBe('CHF');
    expect(readings.unit(outcomes[0])).toBe('');
  });

  it('keeps each variant\'s value for a sensitivity analysis, read from its capacities where the record stored none', () => {
    const readings = new OutcomeReadings(study('morris'));
    readings.add(solved(0, { outcomes: { hp: { value: 7, unit: 'kW' }, lcc: { value: 5, unit: 'CHF' } } }));
    readings.add(solved(1));
    readings.add(failed(2));
    expect([0, 1, 2, 3].map((i) => readings.value(i, outcomes[0]))).toEqual([7, 1, undefined, undefined]);
    expect(readings.value(1, outcomes[1])).toBe(1001);
  });

  it('keeps no values for other methods', () => {
    const readings = new OutcomeReadings(study('grid'));
    readings.add(solved(0));
    expect(readings.value(0, outcomes[1])).toBeUndefined();
  });
});
