import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Verification } from '@hx/por';
import { shortHash } from './queries.ts';

function Line({ mark, hash, sum }: { mark: ReactNode; hash: string; sum?: string }) {
  return (
    <div className="hx-proof-line">
      <span className="hx-proof-mark">{mark}</span>
      <code className="hx-proof-hash">{shortHash(hash)}</code>
      {sum !== undefined && <span className="hx-proof-sum">{sum}</span>}
    </div>
  );
}

/** Every recomputed step, from the user's leaf up to the root, with amounts in coin units. */
export function ProofSteps({
  verification,
  amount,
}: {
  verification: Verification;
  /** Integer units written in coin units. */
  amount: (units: string) => string;
}) {
  const { t } = useTranslation();
  return (
    <ol className="hx-proof-steps">
      {verification.steps.map((step, i) => {
        if (step.kind !== 'node')
          return (
            <li key={i} className="hx-proof-step">
              <span className="hx-proof-step-label">
                {t(step.kind === 'user' ? 'proof.step.user' : 'proof.step.leaf')}
              </span>
              <Line
                mark="="
                hash={step.hash}
                sum={step.kind === 'leaf' ? amount(step.sum) : undefined}
              />
            </li>
          );
        return (
          <li key={i} className="hx-proof-step">
            <span className="hx-proof-step-label">
              {t(step.side === 'left' ? 'proof.step.levelLeft' : 'proof.step.levelRight', {
                level: i - 1, // after the user hash and the leaf
              })}
            </span>
            <Line mark="+" hash={step.sibling.hash} sum={amount(step.sibling.sum)} />
            <Line mark="=" hash={step.hash} sum={amount(step.sum)} />
          </li>
        );
      })}
    </ol>
  );
}
