import type { NeedsConfirmation } from './security-analyzer';
import { riskRank } from './risk-order';

/**
 * NeverConfirm: never. AlwaysConfirm: always. ConfirmRisky: at or above the threshold, and for an
 * unknown risk when confirm_unknown is set. The caller exempts read-only tools (finish, think).
 */
export const needsConfirmation: NeedsConfirmation = (policy, risk) => {
  switch (policy.kind) {
    case 'NeverConfirm':
      return false;
    case 'AlwaysConfirm':
      return true;
    case 'ConfirmRisky':
      if (risk === 'UNKNOWN') return policy.confirm_unknown;
      return riskRank(risk) >= riskRank(policy.threshold);
  }
};
