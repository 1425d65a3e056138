// How the agency's legal identity reads, in the footer and on the About page (server-only parts) and in the
// JSON-LD: one place, so the three say the same.
import type { Organisation } from '../src/model/model.ts';

/** The registered office on one line: "1 Example Street, London, EC1A 1AA, United Kingdom". */
export const addressLine = ({ street, city, region, postalCode, countryName }: Organisation['address']) =>
  [street, city, region, postalCode, countryName].filter(Boolean).join(', ');

/** The company number with its register, when given: "12345678, Companies House, England and Wales". */
export const companyNumberText = ({ companyNumber, registry }: Pick<Organisation, 'companyNumber' | 'registry'>) =>
  registry ? `${companyNumber}, ${registry}` : companyNumber;
