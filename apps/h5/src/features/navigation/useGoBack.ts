import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { hasPageBehind } from '../../lib/backPress.ts';
import { HOME_PATH } from '../../lib/redirect.ts';

/** Back to the previous page of this visit, or to the home tab when there is none. */
export function useGoBack(): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    if (hasPageBehind(window.history.state)) void navigate(-1);
    else void navigate(HOME_PATH, { replace: true });
  }, [navigate]);
}
