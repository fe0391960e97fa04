import { describe, expect, it } from "vitest";
import { billingConfig, BillingConfigError, DEFAULT_SAC_CODES } from "./config";

const VALID = {
  BILLING_LEGAL_NAME: "Kinetic Growth Private Limited",
  BILLING_ADDRESS: "4th Floor, 12 Marine Drive\\nMumbai 400002",
  BILLING_GSTIN: "27AAKCK2468G1ZA",
  BILLING_STATE_CODE: "27",
  BILLING_SIGNATORY: "Asha Menon, Director",
};

const problems = (source: Record<string, string | undefined>): string[] => {
  try {
    billingConfig(source);
  } catch (error) {
    expect(error).toBeInstanceOf(BillingConfigError);
    return (error as BillingConfigError).problems;
  }
  return [];
};

describe("billingConfig", () => {
  it("reads the supplier from the environment, the address's \\n as line breaks, and the default SAC of each service", () => {
    expect(billingConfig(VALID)).toEqual({
      supplier: {
        legalName: "Kinetic Growth Private Limited",
        address: "4th Floor, 12 Marine Drive\nMumbai 400002",
        stateCode: "27",
        gstin: "27AAKCK2468G1ZA",
        signatory: "Asha Menon, Director",
      },
      sacCodes: DEFAULT_SAC_CODES,
    });
    expect(DEFAULT_SAC_CODES).toEqual({
      "seo-optimization": "998361",
      "paid-advertising": "998361",
      "growth-consulting": "998311",
      "conversion-optimization": "998311",
      "whatsapp-automation": "998361",
      "retention-marketing": "998361",
    });
  });

  it("takes the state from the GSTIN when BILLING_STATE_CODE is left out, and a GSTIN typed in lower case", () => {
    expect(billingConfig({ ...VALID, BILLING_STATE_CODE: undefined, BILLING_GSTIN: "27aakck2468g1za" }).supplier).toMatchObject({
      stateCode: "27",
      gstin: "27AAKCK2468G1ZA",
    });
    expect(billingConfig({ ...VALID, BILLING_GSTIN: "07AAACW9999B1ZU", BILLING_STATE_CODE: "7" }).supplier.stateCode).toBe("07");
  });

  it("lets BILLING_SAC_CODES set a service's SAC", () => {
    const { sacCodes } = billingConfig({ ...VALID, BILLING_SAC_CODES: "paid-advertising=998362, whatsapp-automation=998319" });
    expect(sacCodes).toMatchObject({ "paid-advertising": "998362", "whatsapp-automation": "998319", "seo-optimization": "998361" });
  });

  it("refuses to start with nothing set, naming every variable", () => {
    expect(problems({})).toEqual(["BILLING_LEGAL_NAME is unset", "BILLING_ADDRESS is unset", "BILLING_SIGNATORY is unset", "BILLING_GSTIN is unset"]);
    expect(() => billingConfig({})).toThrow(/^Billing is not configured: BILLING_LEGAL_NAME is unset; /);
  });

  it("refuses a GSTIN that fails its check, and says why", () => {
    expect(problems({ ...VALID, BILLING_GSTIN: "27AAKCK2468G1ZB" })).toEqual([
      "BILLING_GSTIN: The last character does not match the rest of the number: a character is mistyped or two are swapped.",
    ]);
  });

  it("refuses a state code that is not the GSTIN's, or no state", () => {
    expect(problems({ ...VALID, BILLING_STATE_CODE: "29" })).toEqual(["BILLING_STATE_CODE 29 (Karnataka) is not the state of BILLING_GSTIN (27)"]);
    expect(problems({ ...VALID, BILLING_STATE_CODE: "99" })).toEqual(['BILLING_STATE_CODE: "99" is not a GST state code (01-38 or 97)']);
  });

  it("refuses a SAC override for an unknown service or a code not of chapter 99", () => {
    expect(problems({ ...VALID, BILLING_SAC_CODES: "web-design=998314" })).toEqual([expect.stringMatching(/"web-design" is not a service/)]);
    expect(problems({ ...VALID, BILLING_SAC_CODES: "seo-optimization=9983" })).toEqual([
      'BILLING_SAC_CODES: the SAC of seo-optimization is six digits starting 99; got "9983"',
    ]);
  });
});
