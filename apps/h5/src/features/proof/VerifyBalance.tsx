import { useEffect, useMemo, useState } from 'react';
import { Button } from 'antd-mobile';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { unitsToAmount, verifyProof } from '@hx/por';
import { useLocale } from '../../i18n/index.ts';
import { floorFormat } from '../../lib/number.ts';
import { TID } from '../../testids.ts';
import { ProofSteps } from './ProofSteps.tsx';
import { porProofQuery, shortHash, type PublishedRoot } from './queries.ts';

/**
 * "Verify my balance" for one coin: fetches the user's proof and recomputes it here, in the
 * browser, with the same verifier as the command line; the result must also be the root the
 * page published, not only the root the proof names.
 */
export function VerifyBalance({ snapshotId, root }: { snapshotId: number; root: PublishedRoot }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [asked, setAsked] = useState(false);
  const proof = useQuery({ ...porProofQuery(snapshotId, root.currency_id), enabled: asked });
  const verification = useMemo(() => proof.data && verifyProof(proof.data), [proof.data]);
  const amount = (units: string) =>
    `${floorFormat(unitsToAmount(units, root.decimals), root.decimals, locale)} ${root.name}`;
  const tid = TID.proof;

  if (!asked)
    return (
      <Button
        size="small"
        color="primary"
        fill="outline"
        onClick={() => setAsked(true)}
        data-testid={tid.verify(root.name)}
      >
        {t('proof.verify')}
      </Button>
    );
  if (proof.isError)
    return (
      <p className="hx-form-error" data-testid={tid.error(root.name)}>
        {proof.error.message}
      </p>
    );
  if (!proof.data || !verification) return <p className="hx-proof-note">{t('proof.verifying')}</p>;

  const matches =
    verification.ok &&
    proof.data.id === snapshotId &&
    verification.computed?.hash === root.hash &&
    verification.computed.sum === root.sum;
  return (
    <div className="hx-proof-result">
      <ProofSteps verification={verification} amount={amount} />
      <div className="hx-proof-roots">
        <span>{t('proof.publishedRoot')}</span>
        <code className="hx-proof-hash">{shortHash(root.hash)}</code>
      </div>
      <p
        className={matches ? 'hx-proof-verdict hx-proof-verdict--ok' : 'hx-proof-verdict'}
        role="status"
        data-testid={tid.verdict(root.name)}
      >
        {matches ? t('proof.ok', { amount: amount(proof.data.sum) }) : t('proof.failed')}
      </p>
      <ProofDownload proof={proof.data} name={`proof-${snapshotId}-${root.name}.json`} />
      <p className="hx-proof-note">{t('proof.cli')}</p>
      <code className="hx-proof-command">
        npx por-verify {`proof-${snapshotId}-${root.name}.json`} --root {root.hash}
      </code>
    </div>
  );
}

/** The proof as a file for the command-line verifier. */
function ProofDownload({ proof, name }: { proof: unknown; name: string }) {
  const { t } = useTranslation();
  const href = useMemo(
    () =>
      URL.createObjectURL(new Blob([JSON.stringify(proof, null, 2)], { type: 'application/json' })),
    [proof],
  );
  useEffect(() => () => URL.revokeObjectURL(href), [href]);
  return (
    <a
      className="hx-proof-download"
      href={href}
      download={name}
      data-testid={TID.proof.download(name)}
    >
      {t('proof.download')}
    </a>
  );
}
