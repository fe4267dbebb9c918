/**
 * Study files the loader accepts but the base scenario refuses (built by `buildScenario` in project
 * "Catalogue"): targets or names it does not have, and values its current values make invalid.
 * For each, what the failure must name — the parameter, or the field of the file — and the rule.
 */

export interface BaseScenarioCase {
  /** The file's name in `base-scenario-files/`, which says what is wrong. */
  file: string;
  /** `parameter "<name>": ` for a parameter, `<field>: ` for the base or destination. */
  names: string;
  rule: RegExp;
  /** A parameter that cannot apply, or a base or destination that cannot be found. */
  type: 'PatchError' | 'StudyTargetError';
}

export const BASE_SCENARIO_CASES: readonly BaseScenarioCase[] = [
  { file: 'resource-missing.yaml', names: 'parameter "hp_cost": ', rule: /no conversion technology named "Heat pmp" in the base scenario/, type: 'PatchError' },
  { file: 'profile-missing.yaml', names: 'parameter "cooling": ', rule: /no profile named "Cooling demand" in the base scenario/, type: 'PatchError' },
  { file: 'mode-missing.yaml', names: 'parameter "part_load": ', rule: /conversion technology "Heat pump" has no mode 3 \(it has 2\)/, type: 'PatchError' },
  { file: 'carrier-not-in-mode.yaml', names: 'parameter "cop": ', rule: /no carrier named "Natural gas" in mode 1 of conversion technology "Heat pump"/, type: 'PatchError' },
  { file: 'carrier-nonexistent.yaml', names: 'parameter "cop": ', rule: /no carrier named "Heat 55°C" in mode 1 of conversion technology "Heat pump"/, type: 'PatchError' },
  { file: 'hub-not-of-resource.yaml', names: 'parameter "roof_area": ', rule: /no hub named "Hub B" among the hubs of on-site resource "Rooftop PV"/, type: 'PatchError' },
  { file: 'hub-nonexistent.yaml', names: 'parameter "roof_area": ', rule: /no hub named "School" among the hubs of on-site resource "Rooftop PV"/, type: 'PatchError' },
  { file: 'scale-unset-field.yaml', names: 'parameter "hp_fixed": ', rule: /cannot scale "fixedInvestmentCost": its value in the base scenario is null, not a number/, type: 'PatchError' },
  {
    file: 'scale-breaks-rule.yaml', names: 'parameter "tank_eff": ', type: 'PatchError',
    rule: /scaling "storageChargingEfficiency" \(95 in the base scenario\) by 1\.1 gives 104\.5, which breaks its rule: must be a percentage ≤ 100/,
  },
  {
    file: 'scale-breaks-rule-in-last-variant.yaml', names: 'parameter "tank_eff": ', type: 'PatchError',
    rule: /scaling "storageChargingEfficiency" \(95 in the base scenario\) by 1\.2 gives 114, which breaks its rule: must be a percentage ≤ 100/,
  },
  { file: 'base-scenario-missing.yaml', names: 'base.scenario: ', rule: /no scenario is named "Bsae" in analysis "Base analysis"/, type: 'StudyTargetError' },
  { file: 'destination-project-missing.yaml', names: 'destination.project: ', rule: /no project is named "Elsewhere"/, type: 'StudyTargetError' },
];
