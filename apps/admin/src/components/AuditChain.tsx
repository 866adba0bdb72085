import { useState } from 'react';
import { Alert, Button, Space } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { call } from '../api/call.ts';
import { fetchBlobUrl } from '../api/http.ts';
import { S } from '../strings.ts';
import { adminKeys } from '../queryKeys.ts';

/** Saves the whole log with its hashes, to keep and check offline (npm run audit:verify). */
async function download(format: 'jsonl' | 'csv') {
  const url = await fetchBlobUrl(`/api/admin/audit/export?format=${format}`);
  const a = document.createElement('a');
  a.href = url;
  a.download = `audit-${new Date().toISOString().slice(0, 10)}.${format}`;
  a.click();
  URL.revokeObjectURL(url);
}

/** The audit log's hash chain: checked on demand, the first broken row named; the export. */
export function AuditChain() {
  const [asked, setAsked] = useState(false);
  const verdict = useQuery({
    queryKey: adminKeys.auditVerify,
    queryFn: () => call.operatorAuditVerify(),
    enabled: asked,
  });
  const v = verdict.data;
  return (
    <Space direction="vertical" style={{ width: '100%', marginBottom: 16 }}>
      <Space wrap>
        <Button
          data-testid="audit-verify"
          loading={verdict.isFetching}
          onClick={() => (asked ? verdict.refetch() : setAsked(true))}
        >
          {S.audit.verify}
        </Button>
        <Button onClick={() => download('jsonl')}>{S.audit.exportJsonl}</Button>
        <Button onClick={() => download('csv')}>{S.audit.exportCsv}</Button>
      </Space>
      {v && (
        <Alert
          data-testid="audit-verdict"
          type={v.ok ? 'success' : 'error'}
          showIcon
          message={v.ok ? S.audit.chainHolds(v.rows) : S.audit.chainBroken(v.first_broken ?? 0)}
          description={v.ok ? undefined : S.audit.chainBrokenHelp}
        />
      )}
    </Space>
  );
}
