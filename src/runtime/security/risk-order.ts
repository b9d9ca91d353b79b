import type { SecurityRisk } from '../events';

const RANK: Record<SecurityRisk, number> = { UNKNOWN: 0, LOW: 1, MEDIUM: 2, HIGH: 3 };

export function riskRank(risk: SecurityRisk): number {
  return RANK[risk];
}

/** The higher of two risks; UNKNOWN only when both are unknown, since a known verdict says more. */
export function higherRisk(left: SecurityRisk, right: SecurityRisk): SecurityRisk {
  return RANK[right] > RANK[left] ? right : left;
}
