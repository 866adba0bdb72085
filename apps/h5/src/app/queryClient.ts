import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../api/errors.ts';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A refused request (4xx) will be refused again; network trouble may pass.
      retry: (count, error) => count < 2 && !(isApiError(error) && error.status >= 400),
      refetchOnWindowFocus: false,
    },
    // Run (and fail at once) when offline, never paused to go off later: nothing is queued.
    mutations: { retry: false, networkMode: 'always' },
  },
});
