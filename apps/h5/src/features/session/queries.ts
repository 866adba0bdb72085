import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AuthResult, UserView } from '@hx/protocol';
import { call, type Input } from '../../api/call.ts';
import { queryKeys } from '../../cache/queryKeys.ts';
import { currentLocale } from '../../i18n/index.ts';
import { sessionStore, useSession } from '../../api/session-store.ts';

/** Tells the server the chosen language, so its mails and messages follow it. */
export function syncLanguage(): void {
  call.configSetLang({ lang: currentLocale() }, { loading: false, toast: false }).catch(() => {});
}

function begin(result: AuthResult): AuthResult {
  sessionStore.start(result.token, result.user);
  syncLanguage();
  return result;
}

/**
 * The logged-in user (null for a visitor), refreshed from `user/center` when a page shows it.
 * A token the server no longer accepts ends the session quietly.
 */
export function useUser(): UserView | null {
  const session = useSession();
  useQuery({
    queryKey: queryKeys.sessionUser(session?.token),
    queryFn: async () => {
      const user = await call.userCenter(undefined, {
        loading: false,
        toast: false,
        authRedirect: false,
      });
      sessionStore.updateUser(user);
      return user;
    },
    enabled: Boolean(session),
    staleTime: 30_000,
  });
  return session?.user ?? null;
}

/** A password login: the session starts at once, or the answer asks for the second factor. */
export function useLogin() {
  return useMutation({
    mutationFn: (body: Input<'authLogin'>) => call.authLogin(body),
    onSuccess: (answer) => {
      if ('token' in answer) begin(answer);
    },
  });
}

/** The second login step: the password's ticket and an authenticator or recovery code. */
export function useLoginSecondStep() {
  return useMutation({
    mutationFn: (body: Input<'authLoginSecondStep'>) => call.authLoginSecondStep(body),
    onSuccess: begin,
  });
}

export function useRegister() {
  return useMutation({
    mutationFn: (body: Input<'authRegister'>) => call.authRegister(body),
    onSuccess: begin,
  });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      // This browser stops receiving the account's pushes (while the session can still say so).
      await import('../push/queries.ts').then((push) => push.forgetThisDevice(0)).catch(() => {});
      // The session ends on this device even if the server cannot be told.
      await call.authLogout(undefined, { toast: false, authRedirect: false }).catch(() => {});
      sessionStore.clear();
      queryClient.removeQueries({ queryKey: queryKeys.user });
    },
  });
}

export function useSetNickname() {
  return useMutation({
    mutationFn: (nickname: string) => call.userSetNickname({ nickname }),
    onSuccess: (user) => sessionStore.updateUser(user),
  });
}
