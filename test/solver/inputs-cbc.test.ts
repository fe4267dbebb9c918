/**
 * The part-load, up-time and down-time cases of inputs-operation.test.ts, written as LP files and
 * solved by an independent solver: CBC (Debian's coinor-cbc, installed here when missing) must find
 * the optimum HiGHS finds and the hand derivation gives (8,008, 1,095 and 1,825 CHF).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ModeDoc } from '../../src/local-service/scenario-model/documents.js';
import { optimise } from '../../src/local-service/optimiser/optimise.js';
import { ensureDebianPackage } from '../support/debian-package.js';
import { tempDir } from '../support/service.js';
import { boilerCase, HEAT_DAYS } from './support/boiler-case.js';
import { cbcObjective } from './support/cbc.js';
import { HOURS } from './support/content.js';

const CASES: { name: string; day: number[]; mode: Partial<ModeDoc>; boiler: Parameters<typeof boilerCase>[2]; dump: boolean; optimum: number }[] = [
  { name: 'part load, sized', day: HEAT_DAYS.highLow, mode: { minPartLoad: 50 }, boiler: { investment: 100, maximum: 10 }, dump: false, optimum: 8008 },
  { name: 'minimum up time', day: HEAT_DAYS.shortPeak, mode: { minPartLoad: 50, minimumUpTime: 4 }, boiler: { specified: 10 }, dump: true, optimum: 1095 },
  { name: 'minimum down time', day: HEAT_DAYS.twoPeaks, mode: { minPartLoad: 50, minimumDownTime: 3 }, boiler: { specified: 10 }, dump: true, optimum: 1825 },
];

describe('on/off cases checked with CBC', () => {
  beforeAll(() => ensureDebianPackage('cbc', 'coinor-cbc'), 300_000);

  for (const c of CASES) {
    it(`${c.name}: CBC's optimum on the written LP is HiGHS's and the hand-derived one`, async () => {
      const dir = tempDir('sweep-onoff-cbc-');
      const lp = join(dir, 'model.lp');
      const result = await optimise(boilerCase(c.day, c.mode, c.boiler, c.dump), {
        objective1: 'MIN_LIFE_CYCLE_COST', points: 1, resolution: 'LOW', timeLimitMinutes: 2, mipGapPercent: 0.0001, partLoadBinaries: HOURS,
      }, { onLp: (text) => writeFileSync(lp, text) });
      if (result.kind !== 'solved') throw new Error(result.kind);
      const highs = result.points[0].objectives.MIN_LIFE_CYCLE_COST;
      expect(highs).toBeCloseTo(c.optimum, 4);
      expect(cbcObjective(lp)).toBeCloseTo(c.optimum, 4);
    }, 120_000);
  }
});
