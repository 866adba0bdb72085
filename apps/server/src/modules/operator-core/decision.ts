/** What an operator decided about a request under review (deposit, withdrawal, KYC). */
export interface ReviewDecision {
  pass: boolean;
  adminId: number;
  reason: string | null;
  at: Date;
  /** A deposit only: what arrived, when it differs from the reported amount (pass only). */
  credited?: string | undefined;
}
