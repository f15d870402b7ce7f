/** What the sandbox routes change in the product's own records, done by the modules (app.ts hands it over). */
export interface SandboxRecords {
  /** Makes the codes mailed to an account `hours` older: how many, or null when no account has the address. */
  ageMailedCodes(email: string, hours: number): Promise<number | null>;
  /** The id of the client record with this e-mail address, or null. */
  clientIdOf(email: string): Promise<number | null>;
  /** Moves a client's trial and subscription dates `days` back. */
  moveBillingDatesBack(clientId: number, days: number): Promise<void>;
}
