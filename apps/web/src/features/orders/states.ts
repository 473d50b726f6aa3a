import { subdivisionsOf } from '@exship/contracts';

// SPEC §5: "state (belonging to the country) … must exist": the ISO 3166-2 subdivisions the server
// checks an address against (contracts' geo data). Only the wizard imports this, so the data stays
// out of the other chunks.

export interface StateOption {
  value: string;
  label: string;
}

/** The states an address of `country` names, as Select options; empty when the country has none. */
export function stateOptions(country: string | undefined): StateOption[] {
  if (!country) return [];
  return subdivisionsOf(country).map((s) => ({ value: s.code, label: `${s.name} (${s.code})` }));
}
