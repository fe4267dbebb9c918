/**
 * Copying a detail answer into an update body. The keys come from the contract's update schema,
 * so a body carries everything the update accepts and nothing else without a hand-kept list.
 */
import { z } from 'zod';

/** An update body, written by field name: targets name their fields as strings. */
export type Body = Record<string, unknown>;

/**
 * What a field the update requires but the detail may leave unset is sent as: the value the model
 * reads unset as, so the scenario means the same after the write (the solver takes a missing
 * replacement or salvage share as 100 % and a missing exchange rate as 1).
 */
export const UNSET_VALUES: Readonly<Record<string, unknown>> = {
  exchangeCurrency: 'CHF',
  exchangeRate: 1,
  variableReplacementCostPercent: 100,
  variableSalvageValuePercent: 100,
  simultaneousOperation: true,
};

/**
 * Every key of `schema` with `source`'s value. Keys the source lacks are still present (as
 * undefined, which JSON leaves out), so `field in body` says whether the update accepts a field;
 * an unset one the update requires gets its UNSET_VALUES entry.
 */
export function carry(schema: z.ZodObject, source: object): Body {
  const values = source as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(schema.shape).map(([key, field]) => {
      const value = values[key];
      const fill = value == null && key in UNSET_VALUES && !z.safeParse(field, null).success;
      return [key, fill ? UNSET_VALUES[key] : value];
    }),
  );
}

/** The `{hubGuid}` list update bodies use for a resource's hubs. */
export function hubRefs(hubs: readonly { hubGuid: string }[] | null | undefined): { hubGuid: string }[] {
  return (hubs ?? []).map((h) => ({ hubGuid: h.hubGuid }));
}

/** The `{energyCarrierGuid}` reference update bodies use for a carrier the detail answers in full. */
export function carrierRef(carrier: { energyCarrierGuid: string } | null | undefined): { energyCarrierGuid: string } | undefined {
  return carrier ? { energyCarrierGuid: carrier.energyCarrierGuid } : undefined;
}
