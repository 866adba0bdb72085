import { Flex } from 'antd';
import { SessionsCard } from '../components/SessionsCard.tsx';
import { TwoFactorCard } from '../components/TwoFactorCard.tsx';

/** The operator's own security: the authenticator, and the sessions to end. */
export default function SecurityPage() {
  return (
    <Flex vertical gap={16}>
      <TwoFactorCard />
      <SessionsCard />
    </Flex>
  );
}
