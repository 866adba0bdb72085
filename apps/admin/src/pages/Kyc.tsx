import { Descriptions, Space } from 'antd';
import { call } from '../api/call.ts';
import { AuthImage } from '../components/AuthImage.tsx';
import { QueuePage } from '../components/QueuePage.tsx';
import { country, time } from '../format.ts';
import { S } from '../strings.ts';

/**
 * Identity checks: the fields and photos side by side; a rejection reason reaches the user. An
 * advanced check shows the user's verified basic data (country, name, ID number) beside its
 * photos, so the reviewer compares them.
 */
export default function KycPage() {
  return (
    <QueuePage
      path="kyc"
      statuses={['review', 'verified', 'rejected', 'all']}
      list={(query) => call.operatorKyc(query)}
      columns={[
        { title: S.common.user, dataIndex: 'account' },
        { title: S.queue.level, dataIndex: 'level' },
        { title: S.queue.name, dataIndex: 'name' },
        { title: S.common.time, dataIndex: 'created_at', render: time },
      ]}
      evidence={(k) => (
        <Space align="start" size={24} wrap>
          <Space
            direction="vertical"
            size={8}
            style={{ width: 340 }}
            data-testid={`kyc-data-${k.id}`}
          >
            <Descriptions
              size="small"
              column={1}
              title={k.level === 'advanced' ? S.queue.basicData : undefined}
            >
              <Descriptions.Item label={S.queue.country}>{country(k.country)}</Descriptions.Item>
              <Descriptions.Item label={S.queue.name}>{k.name ?? '—'}</Descriptions.Item>
              <Descriptions.Item label={S.queue.idNumber}>{k.id_number ?? '—'}</Descriptions.Item>
            </Descriptions>
            <Descriptions
              size="small"
              column={1}
              title={k.level === 'advanced' ? S.queue.thisSubmission : undefined}
            >
              <Descriptions.Item label={S.common.address}>{k.address ?? '—'}</Descriptions.Item>
              {k.reason && (
                <Descriptions.Item label={S.common.reason}>{k.reason}</Descriptions.Item>
              )}
            </Descriptions>
          </Space>
          {k.level === 'basic' || k.front || k.back || k.hand ? (
            <div>
              {k.front && <AuthImage src={k.front} label={S.queue.front} />}
              {k.back && <AuthImage src={k.back} label={S.queue.back} />}
              {k.hand && <AuthImage src={k.hand} label={S.queue.hand} />}
            </div>
          ) : null}
        </Space>
      )}
    />
  );
}
