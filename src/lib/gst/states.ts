/**
 * The GST state and union territory codes: the first two digits of a GSTIN and the code an invoice
 * gives with the place of supply's name (Rule 46 of the CGST Rules). Codes 25 and 28 are kept
 * because registrations made before the merger of Daman and Diu (2020) and the division of Andhra
 * Pradesh (2014) still carry them; a new place of supply there is 26 or 37.
 */
export interface GstState {
  /** Two digits, as a GSTIN starts: "07", "27". */
  code: string;
  name: string;
  /**
   * A union territory without a legislature: a supply within it is taxed CGST + UTGST instead of
   * CGST + SGST (the UTGST Act, 2017). Delhi, Puducherry and Jammu and Kashmir have legislatures and
   * levy SGST.
   */
  utgst: boolean;
}

export const GST_STATES: readonly GstState[] = [
  { code: "01", name: "Jammu and Kashmir", utgst: false },
  { code: "02", name: "Himachal Pradesh", utgst: false },
  { code: "03", name: "Punjab", utgst: false },
  { code: "04", name: "Chandigarh", utgst: true },
  { code: "05", name: "Uttarakhand", utgst: false },
  { code: "06", name: "Haryana", utgst: false },
  { code: "07", name: "Delhi", utgst: false },
  { code: "08", name: "Rajasthan", utgst: false },
  { code: "09", name: "Uttar Pradesh", utgst: false },
  { code: "10", name: "Bihar", utgst: false },
  { code: "11", name: "Sikkim", utgst: false },
  { code: "12", name: "Arunachal Pradesh", utgst: false },
  { code: "13", name: "Nagaland", utgst: false },
  { code: "14", name: "Manipur", utgst: false },
  { code: "15", name: "Mizoram", utgst: false },
  { code: "16", name: "Tripura", utgst: false },
  { code: "17", name: "Meghalaya", utgst: false },
  { code: "18", name: "Assam", utgst: false },
  { code: "19", name: "West Bengal", utgst: false },
  { code: "20", name: "Jharkhand", utgst: false },
  { code: "21", name: "Odisha", utgst: false },
  { code: "22", name: "Chhattisgarh", utgst: false },
  { code: "23", name: "Madhya Pradesh", utgst: false },
  { code: "24", name: "Gujarat", utgst: false },
  { code: "25", name: "Daman and Diu", utgst: true },
  { code: "26", name: "Dadra and Nagar Haveli and Daman and Diu", utgst: true },
  { code: "27", name: "Maharashtra", utgst: false },
  { code: "28", name: "Andhra Pradesh (before division)", utgst: false },
  { code: "29", name: "Karnataka", utgst: false },
  { code: "30", name: "Goa", utgst: false },
  { code: "31", name: "Lakshadweep", utgst: true },
  { code: "32", name: "Kerala", utgst: false },
  { code: "33", name: "Tamil Nadu", utgst: false },
  { code: "34", name: "Puducherry", utgst: false },
  { code: "35", name: "Andaman and Nicobar Islands", utgst: true },
  { code: "36", name: "Telangana", utgst: false },
  { code: "37", name: "Andhra Pradesh", utgst: false },
  { code: "38", name: "Ladakh", utgst: true },
  { code: "97", name: "Other Territory", utgst: true },
  { code: "99", name: "Centre Jurisdiction", utgst: false },
];

const BY_CODE = new Map(GST_STATES.map((state) => [state.code, state]));

/** The state or territory of a two-digit code, or undefined for a code GST does not use. */
export function gstState(code: string): GstState | undefined {
  return BY_CODE.get(code);
}

/**
 * Whether a code can be an invoice's place of supply or a recipient's state: every code but 99,
 * which names the Centre's tax administration in a GSTIN, not a place.
 */
export function isPlaceOfSupplyCode(code: string): boolean {
  return BY_CODE.has(code) && code !== "99";
}

/** "Maharashtra (27)": how an invoice names a state with its code. */
export function stateLabel(code: string): string {
  const state = BY_CODE.get(code);
  return state ? `${state.name} (${state.code})` : code;
}
