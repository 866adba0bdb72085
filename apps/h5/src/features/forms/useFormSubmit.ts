import { useState } from 'react';
import { Toast } from 'antd-mobile';
import type { FormIssue } from '../auth/validate.ts';

/**
 * The submit cycle of a form page: a client-side issue is shown beside its field and toasted
 * (a mismatch beside its field only, FormIssue.inline);
 * otherwise `work` runs with the button busy, and a server failure (already toasted by the http
 * client) stays beside the form.
 */
export function useFormSubmit() {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const submit = async (issue: FormIssue | null, work: () => Promise<void>) => {
    if (issue) {
      setErrors({ [issue.field]: issue.message });
      if (!issue.inline) Toast.show({ content: issue.message });
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await work();
    } catch (error) {
      if (error instanceof Error) setErrors({ form: error.message });
    } finally {
      setBusy(false);
    }
  };

  return { errors, setErrors, busy, submit };
}
