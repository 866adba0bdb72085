import { Button } from 'antd-mobile';
import ExclamationCircleOutline from 'antd-mobile-icons/es/ExclamationCircleOutline';
import { useNavigate } from 'react-router';

/** Something to do before this form can be used, with the way to do it. */
export function Prerequisite({
  message,
  action,
  to,
  testId,
}: {
  message: string;
  action: string;
  to: string;
  testId: string;
}) {
  const navigate = useNavigate();
  return (
    <div className="hx-prereq" role="alert" data-testid={testId}>
      <ExclamationCircleOutline className="hx-prereq-icon" />
      <span className="hx-prereq-text">{message}</span>
      <Button size="mini" color="primary" fill="outline" onClick={() => navigate(to)}>
        {action}
      </Button>
    </div>
  );
}
